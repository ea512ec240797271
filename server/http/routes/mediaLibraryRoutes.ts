// The media library's calls (signed-in only): list the files under media/ with where each is used,
// upload many at once, describe a picture (its description and focal point), replace a file at the
// same address, delete an unused one, and bring back one deleted. Every write is a change of the one
// operation (kind 'media'); `?draft=ID` reads and writes a draft as every call does.
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { actorOf, liveOrDraft, requireUser } from '../auth/requireUser.ts';
import { readBodies, WRITE_LIMIT } from '../bodies.ts';
import { queryString, route, sendError } from '../http.ts';
import { keepingUploads, type UploadParser } from '../uploadParser.ts';
import { checkUploads } from '../../content/writer/mediaUpload.ts';
import { FileInUseError, type MediaOperation } from '../../content/writer/change.ts';
import { AppError } from '../../schema/errors.ts';
import { aboutInput, MEDIA_TYPES, type MediaType } from '../../schema/mediaLibrary.ts';
import { isDraftId } from '../../store/draftRefs.ts';
import {
  MEDIA_SORTS,
  type LibrarySite,
  type MediaLibrary,
  type MediaQuery,
  type MediaSort,
} from '../../media/mediaLibrary.ts';
import type { DraftSites } from '../draftSites.ts';

/** Files one upload may bring to the library. */
export const LIBRARY_FILES_PER_UPLOAD = 20;
const PER_PAGE = 48;
const PER_PAGE_MAX = 100;

export function mediaLibraryRoutes(
  deps: Pick<AppDeps, 'writer' | 'accounts' | 'drafts' | 'index'>,
  sites: DraftSites,
  library: MediaLibrary,
  uploads: UploadParser,
): Router {
  const router = Router();
  const read = [requireUser(deps.accounts, 'drafts')];
  // The session first, then the body: a signed-out caller's body is never read. A live change needs
  // an editor; the same call into a draft (`?draft=ID`) a contributor.
  const write = [requireUser(deps.accounts, liveOrDraft), ...readBodies(WRITE_LIMIT, { signedIn: true })];
  const many = uploads(undefined, { files: LIBRARY_FILES_PER_UPLOAD });
  const one = uploads(undefined, { files: 1 });

  const draftOf = (req: Request): string | undefined => {
    const id = queryString(req, 'draft');
    if (id === undefined) return undefined;
    if (!isDraftId(id)) throw new AppError(404, 'There is no such draft.');
    return id;
  };

  /** The site an answer is made from: the live one, or the draft's as it is now. */
  const siteOf = async (draft: string | undefined): Promise<LibrarySite> => {
    if (!draft) return { view: deps.index };
    const record = deps.drafts.get(draft);
    const { view } = await sites.site(draft, `/preview/${draft}/`);
    return { view, draft: { id: draft, title: record.title }, touches: (rel) => view.touches(rel) };
  };

  const pathOf = (req: Request): string => {
    const path = queryString(req, 'path');
    if (!path) throw new AppError(400, 'Say which file (path).', { path: 'Missing' });
    return path;
  };

  /** Runs a change to the library and answers with its files as the site holds them after it. */
  const change = async (req: Request, res: Response, operation: MediaOperation, status = 200) => {
    const draft = draftOf(req);
    const into = draft ? deps.drafts.target(draft, actorOf(req)) : undefined;
    try {
      const result = await deps.writer.run(actorOf(req), { kind: 'media', operation, into });
      const site = await siteOf(draft);
      const files = await Promise.all((result.files ?? []).map((p) => library.file(site, p)));
      return { status, files: files.filter((f) => f !== null) };
    } catch (e) {
      if (e instanceof FileInUseError) {
        sendError(res, 409, e.message, undefined, { usedBy: e.usedBy });
        return null;
      }
      throw e;
    }
  };

  router.get(
    '/media',
    read,
    route(async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(await library.list(await siteOf(draftOf(req)), queryOf(req)));
    }),
  );

  router.get(
    '/media/deleted',
    read,
    route(async (_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json({ items: await library.deleted() });
    }),
  );

  router.post(
    '/media',
    write,
    many,
    route((req, res) =>
      keepingUploads(req, async () => {
        const received = (req.files as Express.Multer.File[] | undefined) ?? [];
        if (!received.length)
          throw new AppError(400, 'Choose one or more files to upload.', { files: 'No file was chosen' });
        const checked = await checkUploads(received, (field) => (field === 'files' ? 'file' : undefined), {
          many: true,
        });
        const files = checked.map((upload, i) => ({ upload, name: received[i]!.originalname || 'file' }));
        const done = await change(req, res, { op: 'upload', files }, 201);
        if (done) res.status(201).json({ items: done.files });
      }),
    ),
  );

  router.patch(
    '/media',
    write,
    route(async (req, res) => {
      const path = pathOf(req);
      const parsed = aboutInput.safeParse(req.body ?? {});
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'body')] ??= issue.message;
        throw new AppError(400, Object.values(fields)[0] ?? 'The description could not be read.', fields);
      }
      const done = await change(req, res, { op: 'describe', path, about: parsed.data });
      if (done) res.json(done.files[0]);
    }),
  );

  router.put(
    '/media',
    write,
    one,
    route((req, res) =>
      keepingUploads(req, async () => {
        const path = pathOf(req);
        const received = (req.files as Express.Multer.File[] | undefined) ?? [];
        if (!received.length)
          throw new AppError(400, 'Choose the new file to put in its place.', { file: 'No file was chosen' });
        const [upload] = await checkUploads(received, (field) => (field === 'file' ? 'file' : undefined));
        const done = await change(req, res, { op: 'replace', path, upload: upload! });
        if (done) res.json(done.files[0]);
      }),
    ),
  );

  router.delete(
    '/media',
    write,
    route(async (req, res) => {
      const path = pathOf(req);
      // Drafts that use the file keep it too: their publish would otherwise bring a broken image.
      const usedInDrafts = await library.usedInDrafts(path, draftOf(req));
      const done = await change(req, res, { op: 'delete', path, usedInDrafts });
      if (done)
        res.json({
          success: true,
          path,
          message: draftOf(req)
            ? 'Deleted in this draft.'
            : 'Deleted. It is listed under Recently deleted files, where it can be restored.',
        });
    }),
  );

  router.post(
    '/media/restore',
    write,
    route(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const path = typeof body.path === 'string' ? body.path : '';
      const commit = typeof body.commit === 'string' ? body.commit : '';
      if (!path) throw new AppError(400, 'Say which file to restore (path).', { path: 'Missing' });
      if (!/^[0-9a-f]{40}$/.test(commit))
        throw new AppError(400, 'Say which version to restore it from (commit).', { commit: 'Missing' });
      const done = await change(req, res, { op: 'restore', path, commit }, 201);
      if (done) res.status(201).json({ item: done.files[0] });
    }),
  );

  return router;
}

/** The list's query, checked: a value it cannot use is a 400 naming it. */
function queryOf(req: Request): MediaQuery {
  const type = queryString(req, 'type');
  if (type !== undefined && type !== '' && !MEDIA_TYPES.includes(type as MediaType))
    throw new AppError(400, 'The type can be image, pdf or other.', { type: 'Unknown type' });
  const sort = queryString(req, 'sort') || 'newest';
  if (!MEDIA_SORTS.includes(sort as MediaSort))
    throw new AppError(400, 'Sort by newest, name or size.', { sort: 'Unknown sort' });
  const page = whole(queryString(req, 'page'), 1, 'page');
  const per = Math.min(whole(queryString(req, 'per'), PER_PAGE, 'per'), PER_PAGE_MAX);
  const item = queryString(req, 'item');
  const [entity, id] = item?.split(':') ?? [];
  if (item !== undefined && (!entity || !id))
    throw new AppError(400, 'Name the item as entity:id (news:5).', { item: 'Not entity:id' });
  const q = queryString(req, 'q')?.slice(0, 200);
  return {
    ...(q ? { q } : {}),
    ...(type ? { type: type as MediaType } : {}),
    unused: queryString(req, 'unused') === '1',
    shared: queryString(req, 'shared') === '1',
    sort: sort as MediaSort,
    page,
    per,
    ...(entity && id ? { item: { entity, id } } : {}),
  };
}

function whole(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1)
    throw new AppError(400, `The ${name} must be a whole number from 1.`, { [name]: 'Not a whole number' });
  return Number(raw);
}
