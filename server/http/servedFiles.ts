// The built web app, its server-rendered pages and the media kept in memory: one set per site,
// shared by the Express routes and the fast path, so both send the same answers and each is held once.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ContentIndex } from '../content/index/contentIndex.ts';
import { PreparedCache } from './prepared.ts';
import { ReadModel } from '../content/readModel/readModel.ts';
import type { GitStore } from '../store/gitStore.ts';
import type { SitePages, SitePagesOptions } from './sitePages.ts';
import { ImageSizes, IMAGE_SIZES_DEP } from '../media/imageSizes.ts';
import { MediaVariants } from './mediaVariants.ts';
import { MediaFiles } from './mediaFiles.ts';
import { WebApp } from './webApp.ts';
import type { AboutFiles } from '../content/media/aboutFiles.ts';
import { pageMediaFacts } from '../media/pageMediaFacts.ts';
import type { LoadRenderers } from './renderers.ts';
import { LanguageSites } from './languageSites.ts';
import { BackgroundWork } from './backgroundWork.ts';

/**
 * `web` is null when the web app is not built yet; `pages` until the page renderer (React, the
 * site, the markdown pipeline: about 0.3 s of imports) has loaded, in the background or when a
 * request needs it first (`pagesReady`).
 */
export interface ServedFiles {
  web: WebApp | null;
  pages: SitePages | null;
  /** Loads the page renderer now if it has not loaded yet; resolves once it has. */
  pagesReady(): Promise<void>;
  media: MediaFiles;
  /** Images' sizes for the pages' <img>, and their WebP variants (server/media/). */
  images: ImageSizes;
  variants: MediaVariants;
  /** The site in its other languages (issue 36): reads, answers and pages under /<lang>/. */
  languages: LanguageSites;
}

export interface PageSources extends Partial<SitePagesOptions> {
  /** The site's read model and prepared answers (server/main.ts); made here when not given. */
  model?: ReadModel;
  cache?: PreparedCache;
  /** Where WebP variants of images are kept; by default <data dir>/cache/media-variants. */
  variantsDir?: string;
  /** Pictures' descriptions and focal points (the writer's reader of about files). */
  abouts?: AboutFiles;
  /** The server's work after it listens (server/main.ts); the renderer and images' sizes join it. */
  background?: BackgroundWork;
}

export function servedFiles(
  distDir: string,
  store: GitStore,
  index: ContentIndex,
  renderers: LoadRenderers,
  sources: PageSources = {},
): ServedFiles {
  const web = existsSync(path.join(distDir, 'index.html')) ? new WebApp(distDir, index) : null;
  let cache = sources.cache;
  if (!cache) {
    const own = (cache = new PreparedCache());
    index.changes.on((change) => own.invalidate(change.entities));
  }
  const model = sources.model ?? new ReadModel(index, store);
  const options = {
    publicUrl: sources.publicUrl,
    trustProxy: sources.trustProxy ?? false,
    ...(sources.abouts ? { media: pageMediaFacts(index, sources.abouts) } : {}),
  };
  const media = new MediaFiles(store, index);
  const read = (rel: string) => store.read(rel);
  const images = new ImageSizes(index, read);
  // A page drawn while an image's size was being read is drawn again with it.
  images.onMeasured(() => cache.invalidate(new Set([IMAGE_SIZES_DEP])));
  const variantsDir = sources.variantsDir ?? path.join(path.dirname(store.dir), 'cache', 'media-variants');
  const variants = new MediaVariants(index, read, variantsDir, (rel) => options.media?.focus(rel));
  const languages = new LanguageSites(index, store);
  // A page drawn while an image's size was being read is drawn again with it, in every language.
  images.onMeasured(() => {
    for (const code of languages.codes()) languages.site(code)?.cache.invalidate(new Set([IMAGE_SIZES_DEP]));
  });
  let loading: Promise<void> | null = null;
  const files: ServedFiles = {
    web,
    pages: null,
    pagesReady() {
      if (!web) return Promise.resolve();
      return (loading ??= Promise.all([import('./sitePages.ts'), renderers()]).then(
        ([pagesModule, loaded]) => {
          const drawn = { ...options, images, languages: () => languages.codes() };
          files.pages = new pagesModule.SitePages(model, cache, web, loaded, drawn);
          languages.drawWith(pagesModule, web, loaded, drawn);
        },
      ));
    },
    media,
    images,
    variants,
    languages,
  };
  // Not before the server listens: the API's answers and built files go out meanwhile.
  if (web) {
    const background = sources.background ?? new BackgroundWork();
    void background.add('the public pages’ renderer', () => files.pagesReady());
    // Sizes read before the first visitors, so their pages come with them.
    void background.add('pictures’ sizes', (turn) => images.warm(turn));
    // Then the variants of images the site no longer has go from the cache.
    void background.add('old picture variants', () => variants.sweep().then(() => undefined));
  }
  return files;
}
