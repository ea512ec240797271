// What pages know of a site's media files beyond their size: each file's version, its stored
// description and its focal point, as a view of the site holds them (the live site, or a draft's
// preview). Descriptions come from what the about files' reader already holds (read at start and
// as each description is saved), so drawing a page never waits on a read.
import type { ContentView } from '../content/index/contentIndex.ts';
import type { AboutFiles } from '../content/media/aboutFiles.ts';
import type { FocalPoint } from '../schema/mediaLibrary.ts';
import type { MediaFacts } from '../schema/site/markdownMedia.ts';

export interface PageMediaFacts extends MediaFacts {
  focus(rel: string): FocalPoint | undefined;
}

export function pageMediaFacts(
  view: Pick<ContentView, 'mediaVersion' | 'blobOf'>,
  abouts: AboutFiles,
): PageMediaFacts {
  return {
    version: (rel) => view.mediaVersion(rel),
    description: (rel) => abouts.known(view, rel)?.alt || undefined,
    focus: (rel) => abouts.known(view, rel)?.focus ?? undefined,
  };
}
