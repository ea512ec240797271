// What the library takes, checked in the browser before anything is sent, with the server's limits:
// a file the server would refuse fails at once with words that say what to do. The server checks
// everything again (by the file's bytes, not its name). And how sizes and kinds are put in words.
import type { MediaFile, MediaType } from './mediaTypes.ts';

const MB = 1024 * 1024;
export const MAX_PICTURE_BYTES = 5 * MB;
export const MAX_PDF_BYTES = 30 * MB;

/** The kinds of file the library takes, by their MIME type. */
const KINDS: Record<string, { kind: 'image' | 'pdf'; ext: readonly string[] }> = {
  'image/jpeg': { kind: 'image', ext: ['jpg', 'jpeg'] },
  'image/png': { kind: 'image', ext: ['png'] },
  'image/gif': { kind: 'image', ext: ['gif'] },
  'image/webp': { kind: 'image', ext: ['webp'] },
  'application/pdf': { kind: 'pdf', ext: ['pdf'] },
};

/** For the file chooser: the types and their endings (some phones send no type). */
export const ACCEPTED_FILES = [
  ...Object.keys(KINDS),
  ...Object.values(KINDS).flatMap((k) => k.ext.map((e) => `.${e}`)),
].join(',');

/** What the library takes, in words. */
export const TAKES = 'JPEG, PNG, GIF or WebP pictures up to 5 MB, and PDF files up to 30 MB.';

type FileLike = Pick<File, 'name' | 'type' | 'size'>;

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * The file's MIME type, as the browser says or else from its name's ending (some systems call a
 * WebP 'application/octet-stream'); null when the library does not take it.
 */
export function mimeOf(file: Pick<File, 'name' | 'type'>): string | null {
  if (Object.hasOwn(KINDS, file.type)) return file.type;
  const ext = extensionOf(file.name);
  return Object.keys(KINDS).find((m) => KINDS[m]!.ext.includes(ext)) ?? null;
}

/** 'image' or 'pdf' for a file the library takes, else null. */
export function kindOf(file: Pick<File, 'name' | 'type'>): 'image' | 'pdf' | null {
  const mime = mimeOf(file);
  return mime ? KINDS[mime]!.kind : null;
}

/** Why the library would refuse this file, in plain words; null when it looks fine. */
export function fileProblem(file: FileLike): string | null {
  const kind = kindOf(file);
  if (!kind) return `“${file.name}” is not a picture or a PDF. The library takes ${TAKES}`;
  if (file.size === 0) return `“${file.name}” is empty. Choose the file again, or save it again and retry.`;
  const max = kind === 'pdf' ? MAX_PDF_BYTES : MAX_PICTURE_BYTES;
  if (file.size <= max) return null;
  // 5 MB and one byte reads "5 MB": say "just over" rather than "5 MB, at most 5 MB".
  const size =
    formatSize(file.size) === formatSize(max) ? `just over ${formatSize(max)}` : formatSize(file.size);
  return kind === 'pdf'
    ? `“${file.name}” is ${size}: a PDF can be at most ${formatSize(max)}. Save a smaller copy (for example with “Reduce file size”) and try again.`
    : `“${file.name}” is ${size}: a picture can be at most ${formatSize(max)}. Save a smaller copy (fewer pixels, or as JPEG) and try again.`;
}

/**
 * Why `file` cannot replace `old`, or null: the new file must be of the same type (a JPEG for a
 * .jpg), since the address, which ends in the type, stays the same.
 */
export function replaceProblem(old: Pick<MediaFile, 'name'>, file: FileLike): string | null {
  const problem = fileProblem(file);
  if (problem) return problem;
  const oldMime = mimeOf({ name: old.name, type: '' });
  const newMime = mimeOf(file);
  if (oldMime && newMime !== oldMime) {
    const ext = extensionOf(old.name).toUpperCase();
    return `“${file.name}” is not a ${ext} file. To keep the same address, the new file must be a ${ext} like the old one.`;
  }
  return null;
}

/** A size in words: '640 bytes', '82 KB', '1.4 MB' (1 KB = 1,024 bytes, as the limits are counted). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  const mb = Math.round((bytes / MB) * 10) / 10;
  return `${Number.isInteger(mb) ? mb.toFixed(0) : mb.toFixed(1)} MB`;
}

export const TYPE_LABELS: Record<MediaType, string> = { image: 'Picture', pdf: 'PDF', other: 'Other file' };

/** '1200 × 800 pixels', or '' when the file has no size in pixels. */
export const dimensions = (f: Pick<MediaFile, 'width' | 'height'>): string =>
  f.width && f.height ? `${f.width} × ${f.height} pixels` : '';

/** The small picture of an image (a WebP 320 pixels wide), at its current version. */
export const thumbnailOf = (f: Pick<MediaFile, 'src'>): string =>
  `${f.src}${f.src.includes('?') ? '&' : '?'}w=320`;
