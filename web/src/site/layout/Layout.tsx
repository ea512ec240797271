// The page frame of every public route: skip link, banner, navigation, the page, footer, and the
// contact popup. After a navigation, the new page shows from its top and focus moves to it so
// screen readers announce it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { PageErrorBoundary } from '../pages/PageErrorBoundary.tsx';
import { ContactContext } from './ContactContext.tsx';
import { ContactPopup } from './ContactPopup.tsx';
import { Footer } from './Footer.tsx';
import { NavBar } from './NavBar.tsx';
import { SiteBanner } from './SiteBanner.tsx';
import { useWords } from '../words/useWords.ts';

function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const how = useNavigationType();
  // The path focus was last settled for: the first load keeps the browser's own focus.
  const settled = useRef(pathname);
  useEffect(() => {
    if (settled.current === pathname) return;
    settled.current = pathname;
    // Back and Forward leave the scroll position to the browser.
    if (how !== NavigationType.Pop) window.scrollTo(0, 0);
    const main = document.getElementById('main');
    const heading = main?.querySelector<HTMLElement>('h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    } else main?.focus({ preventScroll: true });
  }, [pathname, how]);
}

export function Layout() {
  const [contactOpen, setContactOpen] = useState(false);
  const openContact = useCallback(() => setContactOpen(true), []);
  const contact = useMemo(() => ({ openContact }), [openContact]);
  const { pathname } = useLocation();
  const words = useWords();
  useFocusMainOnNavigation();
  return (
    <ContactContext.Provider value={contact}>
      <a className="skip-link" href="#main">
        {words.skipLink}
      </a>
      <SiteBanner />
      <NavBar />
      <main id="main" tabIndex={-1}>
        <PageErrorBoundary pathname={pathname}>
          <Outlet />
        </PageErrorBoundary>
      </main>
      <Footer />
      <ContactPopup open={contactOpen} onClose={() => setContactOpen(false)} />
    </ContactContext.Provider>
  );
}
