// The footer: logo, the site's main links, the legal notice (markdown) and the current year.
import { Link } from '../components/RouterLinks.tsx';
import type { Footer as FooterData } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { SITE_NAME } from '../../../../server/schema/site/brand.ts';
import { DashboardLink, DASHBOARD_PATH, type Navigation } from './NavBar.tsx';
import { SmartLink } from '../components/SmartLink.tsx';
import { EditLink } from '../components/EditLink.tsx';
import { useWords } from '../words/useWords.ts';

export function Footer() {
  const footer = useApi<FooterData>('footer.php').data;
  const legal = footer?.legal_notice;
  // The footer's links are content (the Menus page, issue 34); none until they are read.
  const links = useApi<Navigation>('navigation').data?.footer ?? [];
  const words = useWords();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <Link to="/" className="footer-brand">
          <img src="/logo.svg" alt="" width="56" height="56" />
          <span>{SITE_NAME}</span>
        </Link>
        <nav aria-label={words.footerNav}>
          <ul className="footer-links">
            {links.map((l, i) => (
              <li key={i}>
                {l.link.toLowerCase() === DASHBOARD_PATH.toLowerCase() ? (
                  <DashboardLink className="">{l.label}</DashboardLink>
                ) : (
                  <SmartLink href={l.link}>{l.label}</SmartLink>
                )}
              </li>
            ))}
          </ul>
          {links.length > 0 && <EditLink entity="navigation" what="menus" />}
        </nav>
        {legal && (
          <Markdown className="footer-legal" headingsFrom={2}>
            {legal}
          </Markdown>
        )}
        {footer && <EditLink entity="footer" what="legal notice" />}
        <p className="footer-copyright">
          © {new Date().getFullYear()} {SITE_NAME}. {words.rightsReserved}
        </p>
      </div>
    </footer>
  );
}
