// Each page names itself in the browser tab and for screen readers' page announcements.
import { useEffect } from 'react';
import { SITE_NAME } from '../site/brand.ts';

export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
