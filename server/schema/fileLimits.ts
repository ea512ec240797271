// How large a file of the site may be, wherever it comes from: the admin's saves and uploads, and
// files that arrive by hand, commit or pull. A file over its limit is reported, never served.

/** A content file (front matter + body): the same as the largest write body the API reads. */
export const CONTENT_FILE_LIMIT = 2 * 1024 * 1024;
export const IMAGE_LIMIT = 5 * 1024 * 1024;
export const PDF_LIMIT = 25 * 1024 * 1024;

/** The largest size the file at a repository path may have. */
export function fileLimitFor(rel: string): number {
  if (rel.startsWith('content/')) return CONTENT_FILE_LIMIT;
  return rel.toLowerCase().endsWith('.pdf') ? PDF_LIMIT : IMAGE_LIMIT;
}

const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

/** Plain words for a file over its limit. */
export const tooLargeMessage = (rel: string, size: number) =>
  `This file is ${mb(size)}; ${rel.startsWith('content/') ? 'content files' : rel.toLowerCase().endsWith('.pdf') ? 'PDFs' : 'pictures'} can be at most ${mb(fileLimitFor(rel))}, so it is not served.`;
