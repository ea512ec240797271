// Each page names itself in the browser tab and for screen readers' page announcements; on the
// server the same call gives the page's <title>, description and Open Graph tags (site/ssr/).
import { useEffect } from 'react';
import { SITE_NAME } from '../site/brand.ts';
import { useRenderCollector, type PageHead } from '../site/ssr/renderContext.ts';

export const fullTitle = (title: string | undefined) => (title ? `${title} | ${SITE_NAME}` : SITE_NAME);

export function usePageTitle(title: string | undefined, more: Omit<PageHead, 'title'> = {}): void {
  useRenderCollector()?.head({ title, ...more });
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}
