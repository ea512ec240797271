// The public site's Link and NavLink: react-router's own, less what only its data and framework
// routers use. Its Link carries prefetching of route modules (PrefetchPageLinks, the framework's
// manifest, route module loading) and its NavLink the view-transition and pending-navigation
// states, none of which BrowserRouter and StaticRouter have: about 2.7 KB gzipped on every public
// page. These are built the way react-router documents for custom links, on its own useHref and
// useLinkClickHandler (the same click handling: modifier keys, target, replace when the address is
// the same), and draw the same markup: href, data-discover="true", and on NavLink the "active"
// class and aria-current="page".
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router-dom';
import { SOURCE_LANGUAGE, splitLanguagePath } from '../../../../server/schema/site/languages.ts';
import { useSiteLanguage } from '../language/siteLanguage.tsx';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of this site, e.g. "/news" or "/news/page/2#top". */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

export interface NavLinkProps extends LinkProps {
  /** Active only at `to` itself, not at the addresses under it. */
  end?: boolean;
}

/** What react-router's Link takes for an absolute address (a scheme, or two slashes): no app link. */
const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

export function Link({ to: given, onClick, target, children, ...rest }: LinkProps) {
  const to = withinFolder(useSiteLanguage(), given);
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { target });
  if (ABSOLUTE.test(to)) {
    return (
      <a {...rest} href={to} onClick={onClick} target={target}>
        {children}
      </a>
    );
  }
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return (
    <a {...rest} href={href} onClick={handleClick} target={target} data-discover="true">
      {children}
    </a>
  );
}

/**
 * A link from content may already name the page's language folder (/es/news on a Spanish page):
 * the router adds the folder itself, so it goes once.
 */
function withinFolder(lang: string, to: string): string {
  if (lang === SOURCE_LANGUAGE || !to.startsWith(`/${lang}`)) return to;
  const { lang: at, path } = splitLanguagePath(to.split(/[?#]/)[0]!, [lang]);
  return at === lang ? path + to.slice(to.split(/[?#]/)[0]!.length) : to;
}

/** A Link that knows when it is the page shown: class "active" and aria-current="page" then. */
export function NavLink({ to: given, end = false, className = '', ...rest }: NavLinkProps) {
  const to = withinFolder(useSiteLanguage(), given);
  const toPathname = useResolvedPath(to).pathname.toLowerCase();
  const pathname = useLocation().pathname.toLowerCase();
  const endSlash = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive =
    pathname === toPathname || (!end && pathname.startsWith(toPathname) && pathname.charAt(endSlash) === '/');
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={[className, isActive ? 'active' : null].filter(Boolean).join(' ')}
      to={to}
    />
  );
}
