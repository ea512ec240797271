// The navigation bar (spec §2, global layout). Wide: RESEARCH & POLICY and EVENTS are dropdowns.
// At 950 px and below they flatten into RESEARCH, POLICY, NEWS & EVENTS, behind a hamburger;
// Escape closes that menu and returns to its button. The server's HTML (and so a browser without
// JavaScript) has both sets, laid out by the stylesheet: the hamburger is a checkbox there, the
// dropdowns open on hover and focus, and Contact Us is a link to the contact page.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link, NavLink } from '../components/RouterLinks.tsx';
import { eventHref, visibleEvents } from '../../lib/events.ts';
import type { MajorEvent, SiteSettings } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { useNarrowLayoutOnceHydrated } from '../../lib/useMediaQuery.ts';
import { CONTACT_PATH } from '../../../../server/schema/site/contactForm.ts';
import { SITE_NAME } from '../../../../server/schema/site/brand.ts';
import { NewTabNote } from '../components/SmartLink.tsx';
import { SearchForm } from '../components/SearchForm.tsx';
import { useContact } from './ContactContext.tsx';
import { NavDropdown, type NavItem } from './NavDropdown.tsx';

export const DASHBOARD_PATH = '/TableauDashboardEmbed';

const RESEARCH_AND_POLICY: NavItem[] = [
  { label: 'RESEARCH', to: '/research' },
  { label: 'POLICY', to: '/researchAndPolicy' },
];

function Item({ to, children, className }: { to: string; children: string; className?: string }) {
  return (
    <li className={className}>
      <NavLink to={to} className="nav-link" end>
        {children}
      </NavLink>
    </li>
  );
}

/** DATA DASHBOARD: the external dashboard in a new tab, or our embed page when none is set. */
export function DashboardLink({ className, children }: { className: string; children: string }) {
  const url = useApi<SiteSettings>('globals.php').data?.dashboard_url || DASHBOARD_PATH;
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
  const events = useApi<MajorEvent[]>('majorevents.php').data;
  const eventItems: NavItem[] = visibleEvents(events).map((e) => ({ label: e.header, to: eventHref(e) }));

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
      <nav className="navbar" aria-label="Main">
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
            <span className="visually-hidden">Menu</span>
          </button>
        )}
        {!hydrated && (
          <>
            <input type="checkbox" id={`${menuId}-toggle`} className="nav-toggle" />
            <label htmlFor={`${menuId}-toggle`} className="hamburger nav-toggle-label">
              <HamburgerIcon />
              <span className="visually-hidden">Menu</span>
            </label>
          </>
        )}
        <ul
          id={menuId}
          className={`nav-list${narrow ? ' nav-list-narrow' : ''}${hydrated ? '' : ' nav-list-static'}`}
          hidden={narrow === true && !menuOpen}
        >
          <Item to="/">HOME</Item>
          <Item to="/about">ABOUT US</Item>
          <Item to="/educators">RESOURCES FOR K-12 EDUCATORS</Item>
          <li>
            <DashboardLink className="nav-link">DATA DASHBOARD</DashboardLink>
          </li>
          {narrow !== false && (
            <>
              <Item to="/research" className="nav-narrow-only">
                RESEARCH
              </Item>
              <Item to="/researchAndPolicy" className="nav-narrow-only">
                POLICY
              </Item>
              <Item to="/events" className="nav-narrow-only">
                NEWS &amp; EVENTS
              </Item>
            </>
          )}
          {narrow !== true && (
            <>
              <NavDropdown label="RESEARCH & POLICY" items={RESEARCH_AND_POLICY} className="nav-wide-only" />
              <NavDropdown label="EVENTS" items={eventItems} className="nav-wide-only" />
              <Item to="/news" className="nav-wide-only">
                NEWS
              </Item>
            </>
          )}
          <li>
            {hydrated ? (
              <button type="button" className="nav-link nav-contact" onClick={openContact}>
                Contact Us
              </button>
            ) : (
              <a href={CONTACT_PATH} className="nav-link nav-contact">
                Contact Us
              </a>
            )}
          </li>
        </ul>
      </nav>
      <SearchForm label="Search the site" className="search-form search-form-header" hideLabel />
    </header>
  );
}
