// A text's own /media/ pictures and links, as the admin shows them while working in a draft: from the
// draft's preview, which serves the files only the draft has (a picture just uploaded into it) and
// the live ones alike. The text itself is not changed: only what the preview beside it draws.

const MEDIA_ADDRESS = /(\]\(\s*<?|\bsrc\s*=\s*["']?|\bhref\s*=\s*["']?)\/media\//g;

export function withDraftMedia(text: string, draft: string | null): string {
  if (!draft || !text.includes('/media/')) return text;
  return text.replace(MEDIA_ADDRESS, (_m, before: string) => `${before}/preview/${draft}/media/`);
}
