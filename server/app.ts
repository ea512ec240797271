// createApp composes what the HTTP layer is built from and has it assemble the app
// (server/http/expressApp.ts); only server/main.ts listens.
import { servedFiles, type ServedFiles } from './http/servedFiles.ts';
import { DraftSites } from './http/draftSites.ts';
import { expressApp, type ExpressApp } from './http/expressApp.ts';
import type { AppDeps } from './http/appDeps.ts';
import { MediaLibrary } from './media/mediaLibrary.ts';
import { ItemLists } from './content/index/itemQuery.ts';

export type { AppDeps } from './http/appDeps.ts';

/** `files`: the built web app and media in memory, shared with the fast path (server/main.ts). */
export function createApp(
  deps: AppDeps,
  files: ServedFiles = servedFiles(deps.config.distDir, deps.store, deps.index, deps.renderers, {
    abouts: deps.writer.abouts,
  }),
): ExpressApp {
  const { config } = deps;
  const draftSites = new DraftSites(
    deps.drafts,
    deps.store,
    files.web,
    deps.renderers,
    { publicUrl: config.publicUrl, trustProxy: config.trustProxy, images: files.images },
    deps.writer.abouts,
  );
  const library = new MediaLibrary(deps.index, deps.store, deps.writer.abouts, deps.drafts, files.images);
  // Descriptions are read once in the background, so the first search by description reads none.
  void deps.background.add('the media library’s descriptions', (turn) => library.warm(turn));
  const lists = new ItemLists(deps.index);
  void deps.background.add('the admin’s lists', (turn) => lists.warm(turn));
  return expressApp(deps, { files, draftSites, library, lists });
}
