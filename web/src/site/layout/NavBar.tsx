// The navigation bar (spec §2, global layout), its items from content (the Menus page, issue 34):
// an item shows on every screen, only wide (the starter's RESEARCH & POLICY and EVENTS dropdowns) or
// only narrow (their flat RESEARCH, POLICY, NEWS & EVENTS). At 950 px and below the menu is behind a
// hamburger; Escape closes that menu and returns to its button. A link to /contact opens the contact
// form, one to /TableauDashboardEmbed the data dashboard. The server's HTML (and so a browser without
// JavaScript) has both sets, laid out by the stylesheet: the hamburger is a checkbox there, the
// dropdowns open on hover and focus, and Contact Us is a link to the contact page.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link, NavLink } from '../components/RouterLinks.tsx';
import { eventHref, visibleEvents } from '../../lib/events.ts';
import { isSitePath, safeHref } from '../../lib/links.ts';
import type { MajorEvent, SiteSettings } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { useNarrowLayoutOnceHydrated } from '../../lib/useMediaQuery.ts';
import { CONTACT_PATH } from '../../../../server/schema/site/contactForm.ts';
import { SITE_NAME } from '../../../../server/schema/site/brand.ts';
import { NewTabNote } from '../components/SmartLink.tsx';
import { SearchForm } from '../components/SearchForm.tsx';
import { useContact } from './ContactContext.tsx';
import { NavDropdown, type NavItem } from './NavDropdown.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { useWords } from '../words/useWords.ts';
import { languagePath } from '../../../../server/schema/site/languages.ts';
import { useInLanguage, useSiteLanguage } from '../language/siteLanguage.tsx';

export const DASHBOARD_PATH = '/TableauDashboardEmbed';

/** The menus as content (content/site/navigation.md; server/schema/entities/navigation.ts). */
export interface Navigation {
  header?: HeaderItem[];
  footer?: { label: string; link: string }[];
}
interface HeaderItem {
  label: string;
  link?: string;
  show?: 'everywhere' | 'wide' | 'narrow';
  event_pages?: boolean;
  children?: { label: string; link: string }[];
}

/** A menu link to another page of the site, marked while it is shown; another site's, plain. */
function Item({ to, children, className }: { to: string; children: string; className?: string }) {
  const inLanguage = useInLanguage();
  const href = safeHref(to);
  return (
    <li className={className}>
      {isSitePath(to) ? (
        <NavLink to={to} className="nav-link" end>
          {children}
        </NavLink>
      ) : (
        <a href={href && inLanguage(href)} className="nav-link">
          {children}
        </a>
      )}
    </li>
  );
}

/** DATA DASHBOARD: the external dashboard in a new tab, or our embed page when none is set. */
export function DashboardLink({ className, children }: { className: string; children: string }) {
  const inLanguage = useInLanguage();
  const url = useApi<SiteSettings>('globals.php').data?.dashboard_url || inLanguage(DASHBOARD_PATH);
  return (
    <a href={url} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <NewTabNote />
    </a>
  );
}

function HamburgerIcon() {
  return (
    <span className="hamburger-icon" aria-hidden="true">
      <span />
      <span />
      <span />
    </span>
  );
}

export function NavBar() {
  const narrow = useNarrowLayoutOnceHydrated();
  const hydrated = narrow !== null;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const { openContact } = useContact();
  const words = useWords();
  const lang = useSiteLanguage();
  const events = useApi<MajorEvent[]>('majorevents.php').data;
  const eventItems: NavItem[] = visibleEvents(events).map((e) => ({ label: e.header, to: eventHref(e) }));
  // Before the menus are read (a page drawn by the browser alone), the bar has none.
  const header = useApi<Navigation>('navigation').data?.header ?? [];

  const menuButton = useRef<HTMLButtonElement>(null);

  // Another page or layout closes the menu (set while rendering: no frame shows it open there).
  const where = `${location.pathname}|${narrow}`;
  const [menuFor, setMenuFor] = useState(where);
  if (menuFor !== where) {
    setMenuFor(where);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (e: KeyboardEvent) => {
      // A dialog opened from the menu (Contact Us) closes on its own Escape; the menu stays.
      if (e.key !== 'Escape' || (e.target as Element | null)?.closest?.('dialog')) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <LanguageSwitcher />
      <nav className="navbar" aria-label={words.mainNav}>
        <Link to="/" className="brand">
          <img src="/logo.svg" alt="" width="40" height="40" className="brand-logo" />
          <span className="brand-name">{SITE_NAME}</span>
        </Link>
        {narrow && (
          <button
            ref={menuButton}
            type="button"
            className="hamburger"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <HamburgerIcon />
            <span className="visually-hidden">{words.menu}</span>
          </button>
        )}
        {!hydrated && (
          <>
            <input type="checkbox" id={`${menuId}-toggle`} className="nav-toggle" />
            <label htmlFor={`${menuId}-toggle`} className="hamburger nav-toggle-label">
              <HamburgerIcon />
              <span className="visually-hidden">{words.menu}</span>
            </label>
          </>
        )}
        <ul
          id={menuId}
          className={`nav-list${narrow ? ' nav-list-narrow' : ''}${hydrated ? '' : ' nav-list-static'}`}
          hidden={narrow === true && !menuOpen}
        >
          {header.map((item, i) => {
            const show = item.show ?? 'everywhere';
            // Wide-only items are not drawn in the narrow layout, nor narrow-only ones in the wide;
            // before hydration both are, and the stylesheet shows the ones that fit.
            if ((show === 'wide' && narrow === true) || (show === 'narrow' && narrow === false)) return null;
            const className = show === 'everywhere' ? undefined : `nav-${show}-only`;
            const link = item.link ?? '';
            if (item.children?.length || item.event_pages)
              return (
                <NavDropdown
                  key={i}
                  label={item.label}
                  items={[
                    ...(item.children ?? []).map((c) => ({ label: c.label, to: c.link })),
                    ...(item.event_pages ? eventItems : []),
                  ]}
                  className={className}
                />
              );
            if (link === CONTACT_PATH)
              return (
                <li key={i} className={className}>
                  {hydrated ? (
                    <button type="button" className="nav-link nav-contact" onClick={openContact}>
                      {item.label}
                    </button>
                  ) : (
                    <a href={languagePath(lang, CONTACT_PATH)} className="nav-link nav-contact">
                      {item.label}
                    </a>
                  )}
                </li>
              );
            if (link.toLowerCase() === DASHBOARD_PATH.toLowerCase())
              return (
                <li key={i} className={className}>
                  <DashboardLink className="nav-link">{item.label}</DashboardLink>
                </li>
              );
            return (
              <Item key={i} to={link} className={className}>
                {item.label}
              </Item>
            );
          })}
        </ul>
      </nav>
      <SearchForm label={words.searchSite} className="search-form search-form-header" hideLabel />
    </header>
  );
}
