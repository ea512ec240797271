// The "plan" step for changes to the media library: what an upload, a new description or focal point,
// a replacement, a delete or a restore of a file writes. The steps after it (validate, guards, commit,
// index, event) are the same as every change's (writer.ts); the "files in use" guard refuses removing
// a file that items still use, whatever change asks for it.
import { randomBytes } from 'node:crypto';
import { AppError } from '../../schema/errors.ts';
import {
  aboutPathOf,
  extensionOf,
  isLibraryFile,
  libraryPathFor,
  mediaTypeOf,
  NO_ABOUT,
  serializeAbout,
  type MediaAbout,
} from '../../schema/mediaLibrary.ts';
import type { ChangeAction } from '../../schema/roles.ts';
import type { FileChange, GitStore } from '../../store/gitStore.ts';
import type { ContentView } from '../index/contentIndex.ts';
import type { AboutFiles } from '../media/aboutFiles.ts';
import { useViews } from '../media/mediaUseViews.ts';
import type { MediaOp } from '../changes.ts';
import { FileInUseError, type MediaChange } from './change.ts';
import type { Plan } from './plan.ts';

export interface MediaContext {
  view: ContentView;
  intoDraft: boolean;
  store: GitStore;
  abouts: AboutFiles;
}

const ACTIONS: Record<MediaOp, ChangeAction> = {
  upload: 'create',
  describe: 'update',
  replace: 'update',
  delete: 'delete',
  restore: 'restore',
};

/** The role table's name for a change to the library. */
export const mediaAction = (op: MediaOp): ChangeAction => ACTIONS[op];

const NO_SUCH_FILE = 'There is no such file in the media library.';

export async function planMedia(change: MediaChange, ctx: MediaContext): Promise<Plan> {
  const { operation } = change;
  const { view } = ctx;
  const files: FileChange[] = [];
  let paths: string[];
  let from: string | undefined;
  const existing = (rel: string) => {
    if (!isLibraryFile(rel) || view.blobOf(rel) === undefined) throw new AppError(404, NO_SUCH_FILE);
    return rel;
  };
  switch (operation.op) {
    case 'upload': {
      paths = [];
      for (const { upload, name } of operation.files) {
        let path: string;
        do path = libraryPathFor(name, upload.type, randomBytes(3).toString('hex'));
        while (view.blobOf(path) !== undefined || paths.includes(path));
        paths.push(path);
        files.push({ path, file: upload.file, size: upload.size, blob: upload.blob });
      }
      break;
    }
    case 'describe': {
      const path = existing(operation.path);
      const { about } = operation;
      if (about.focus && mediaTypeOf(path) !== 'image')
        throw new AppError(400, 'Only a picture has a focal point.', {
          focus: 'Only a picture has a focal point.',
        });
      const now = await ctx.abouts.of(view, path);
      const next: MediaAbout = {
        alt: about.alt ?? now.alt,
        focus: about.focus !== undefined ? about.focus : now.focus,
      };
      const empty = next.alt === NO_ABOUT.alt && next.focus === null;
      const text = serializeAbout(next);
      if (!empty) ctx.abouts.remember(text);
      files.push({ path: aboutPathOf(path), data: empty ? null : text });
      paths = [path];
      break;
    }
    case 'replace': {
      const path = existing(operation.path);
      const want = sameType(extensionOf(path));
      if (sameType(operation.upload.type) !== want)
        throw new AppError(
          415,
          `This file is ${NAMES[sameType(operation.upload.type)] ?? 'of another kind'}. To keep its address, replace ${NAMES[want] ?? 'the file'} with ${NAMES[want] ?? 'a file of the same kind'}.`,
          {
            file: 'Not the same kind of file',
          },
        );
      const { upload } = operation;
      files.push({ path, file: upload.file, size: upload.size, blob: upload.blob });
      paths = [path];
      break;
    }
    case 'delete': {
      const path = existing(operation.path);
      const uses = [...useViews(view, view.mediaUses(path)), ...(operation.usedInDrafts ?? [])];
      if (uses.length) throw new FileInUseError(path, uses);
      files.push({ path, data: null });
      if (view.blobOf(aboutPathOf(path)) !== undefined) files.push({ path: aboutPathOf(path), data: null });
      paths = [path];
      break;
    }
    case 'restore': {
      const path = operation.path;
      if (!isLibraryFile(path)) throw new AppError(404, NO_SUCH_FILE);
      if (view.blobOf(path) !== undefined)
        throw new AppError(409, 'This file is in the media library already: there is nothing to restore.');
      const bytes = await ctx.store.readAt(operation.commit, path);
      if (!bytes)
        throw new AppError(400, 'This file did not exist in that version, so it cannot be restored from it.');
      files.push({ path, data: bytes });
      const about = await ctx.store.readAt(operation.commit, aboutPathOf(path));
      if (about) files.push({ path: aboutPathOf(path), data: about });
      paths = [path];
      from = operation.commit;
      break;
    }
  }
  // The items that show these files: their pages are drawn anew with the new file or description.
  const touches = new Set(paths.flatMap((p) => view.mediaUses(p).map((u) => u.entity)));
  return {
    action: mediaAction(operation.op),
    event: 'media',
    intoDraft: ctx.intoDraft,
    items: [],
    files,
    message: messageOf(operation.op, paths, from),
    verb: operation.op,
    site: view,
    created: operation.op === 'upload' || operation.op === 'restore',
    ...(from ? { from } : {}),
    media: { op: operation.op, paths, touches: [...touches] },
  };
}

/** jpeg and jpg are one kind; every other extension is its own. */
const sameType = (ext: string) => (ext === 'jpeg' ? 'jpg' : ext);
const NAMES: Record<string, string> = {
  jpg: 'a JPEG picture',
  png: 'a PNG picture',
  gif: 'a GIF picture',
  webp: 'a WebP picture',
  pdf: 'a PDF',
};

/** `media: upload library/photo-3f9a2c.jpg`, `media: upload 3 files`, `media: restore 1a2b3c4 of …`. */
function messageOf(op: MediaOp, paths: string[], from?: string): string {
  const named = paths.length === 1 ? paths[0]!.replace(/^media\//, '') : `${paths.length} files`;
  return `media: ${op === 'restore' ? `restore ${from!.slice(0, 7)} of` : op} ${named}`;
}
