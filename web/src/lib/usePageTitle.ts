// Each page names itself in the browser tab and for screen readers' page announcements; on the
// server the same call gives the page's <title>, description and Open Graph tags (site/ssr/).
import { useEffect } from 'react';
import { fullTitle, SITE_NAME } from '../../../server/schema/site/brand.ts';
import type { PageHead } from '../../../server/schema/site/pageData.ts';
import { useRenderCollector } from '../shared/renderContext.ts';
import { shortDescription, SITE_DESCRIPTION } from '../../../server/schema/site/pageDescription.ts';

/** Sets a meta tag's content, when the page has the tag (the server wrote it). */
const setMeta = (selector: string, content: string) =>
  document.head.querySelector<HTMLMetaElement>(selector)?.setAttribute('content', content);

export function usePageTitle(title: string | undefined, more: Omit<PageHead, 'title'> = {}): void {
  useRenderCollector()?.head({ title, ...more });
  const description = shortDescription(more.description) || SITE_DESCRIPTION;
  useEffect(() => {
    document.title = fullTitle(title);
    // A move inside the app changes the page: its description and link-preview tags follow.
    setMeta('meta[name="description"]', description);
    setMeta('meta[property="og:description"]', description);
    setMeta('meta[property="og:title"]', title ?? SITE_NAME);
  }, [title, description]);
}
