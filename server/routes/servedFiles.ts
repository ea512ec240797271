// The built web app and the media kept in memory: one set per site, shared by the Express routes and
// the fast path, so both send the same answers and each file is held once.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ContentIndex } from '../content/contentIndex.ts';
import type { GitStore } from '../store/gitStore.ts';
import { MediaFiles } from './mediaFiles.ts';
import { WebApp } from './webApp.ts';

/** `web` is null when the web app is not built yet. */
export interface ServedFiles { web: WebApp | null; media: MediaFiles }

export function servedFiles(distDir: string, store: GitStore, index: ContentIndex): ServedFiles {
  const web = existsSync(path.join(distDir, 'index.html')) ? new WebApp(distDir, index) : null;
  return { web, media: new MediaFiles(store, index) };
}
