// The media library's calls (/api/media). Every one is made in the draft the admin works in
// (`?draft=ID`, drafts/workingDraft.ts) unless told otherwise: while a draft is chosen, uploads,
// descriptions, replacements and deletes go into it and never reach the live site.
import { getJson, send, type SendOptions } from '../api.ts';
import { inDraft, workingDraftId } from '../drafts/workingDraft.ts';
import {
  FIRST_MEDIA_PAGE,
  type DeletedMedia,
  type Focus,
  type MediaFile,
  type MediaPage,
  type MediaQuery,
} from './mediaTypes.ts';

/** Files on one page of the library. */
export const MEDIA_PER_PAGE = 48;

/** The list call for a query: only what differs from the defaults is sent. */
export function mediaListEndpoint(
  query: MediaQuery,
  {
    per = MEDIA_PER_PAGE,
    draft = workingDraftId(),
    shared = false,
  }: {
    per?: number;
    draft?: string | null;
    /** Only files of the library itself (media/library/): those a picture or file field takes. */
    shared?: boolean;
  } = {},
): string {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.type) params.set('type', query.type);
  if (query.unused) params.set('unused', '1');
  if (shared) params.set('shared', '1');
  params.set('sort', query.sort);
  params.set('page', String(query.page));
  params.set('per', String(per));
  return inDraft(`media?${params.toString()}`, draft);
}

export const listMedia = (endpoint: string, signal?: AbortSignal) => getJson<MediaPage>(endpoint, signal);

const at = (path: string) => `media?path=${encodeURIComponent(path)}`;

/** Uploads one file to the library, reporting its progress; answers the stored file. */
export async function uploadMedia(
  file: File,
  opts: SendOptions & { draft?: string | null } = {},
): Promise<MediaFile> {
  const form = new FormData();
  form.append('files', file, file.name);
  const answer = await send<{ items: MediaFile[] }>(
    'POST',
    inDraft('media', opts.draft === undefined ? workingDraftId() : opts.draft),
    form,
    opts,
  );
  const stored = answer.items?.[0];
  if (!stored) throw new Error(`The server did not say where “${file.name}” was stored. Please try again.`);
  return stored;
}

/** One file as the library holds it now (found by its name), or null when it has no such file. */
export async function mediaAt(
  path: string,
  draft: string | null = workingDraftId(),
): Promise<MediaFile | null> {
  const name = path.split('/').pop() ?? path;
  const page = await listMedia(mediaListEndpoint({ ...FIRST_MEDIA_PAGE, q: name }, { per: 100, draft }));
  return page.items.find((f) => f.path === path) ?? null;
}

/** Saves a file's description and/or focal point. */
export const describeMedia = (
  path: string,
  change: { alt?: string; focus?: Focus | null },
  draft: string | null = workingDraftId(),
) => send<MediaFile>('PATCH', inDraft(at(path), draft), change);

/** Puts a new file in place of the old one, at the same address. */
export function replaceMedia(path: string, file: File, opts: SendOptions = {}): Promise<MediaFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return send<MediaFile>('PUT', inDraft(at(path)), form, opts);
}

/** Deletes an unused file (a 409 ApiError carries `usedBy` while it is used). */
export const deleteMedia = (path: string) =>
  send<{ success: true; path: string; message: string }>('DELETE', inDraft(at(path)));

/** Library files deleted from the site, newest first. */
export const deletedMedia = async (): Promise<DeletedMedia[]> =>
  (await getJson<{ items: DeletedMedia[] }>(inDraft('media/deleted'))).items;

/** Brings a deleted file back as it was in `commit`. */
export const restoreMedia = async (path: string, commit: string): Promise<MediaFile> =>
  (await send<{ item: MediaFile }>('POST', inDraft('media/restore'), { path, commit })).item;
