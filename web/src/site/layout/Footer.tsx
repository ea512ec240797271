// The footer: logo, the site's main links, the legal notice (markdown) and the current year.
import { Link } from '../components/RouterLinks.tsx';
import type { Footer as FooterData } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { SITE_NAME } from '../../../../server/schema/site/brand.ts';
import { DashboardLink } from './NavBar.tsx';
import { EditLink } from '../components/EditLink.tsx';

export function Footer() {
  const footer = useApi<FooterData>('footer.php').data;
  const legal = footer?.legal_notice;
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <Link to="/" className="footer-brand">
          <img src="/logo.svg" alt="" width="56" height="56" />
          <span>{SITE_NAME}</span>
        </Link>
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/educators">Resources for K-12 Educators</Link>
            </li>
            <li>
              <DashboardLink className="">Data Dashboard</DashboardLink>
            </li>
            <li>
              <Link to="/summerOfCS">Summer Equity Symposium</Link>
            </li>
            <li>
              <Link to="/news">News</Link>
            </li>
          </ul>
        </nav>
        {legal && (
          <Markdown className="footer-legal" headingsFrom={2}>
            {legal}
          </Markdown>
        )}
        {footer && <EditLink entity="footer" what="legal notice" />}
        <p className="footer-copyright">
          © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
