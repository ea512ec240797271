// The one module of web/ the server imports (server/main.ts, the composition root; the port is
// server/http/renderers.ts): what the server draws pages with, by the same components the browser
// hydrates. The public site's pages, their markdown, and the admin's pages of lists.
import { renderAdminPage as drawAdminPage } from '../admin/ssr/renderAdminPage.tsx';
import { adminPageDataScript } from '../admin/ssr/adminPageData.ts';
import type { AdminUser } from '../admin/auth.ts';

export { renderPage, fillMarkdown } from '../site/ssr/renderPage.tsx';
export { renderMarkdownHtml } from '../markdown/renderHtml.tsx';

/** An admin page of lists with the data script its app starts from, or null (the browser draws it). */
export function renderAdminPage(location: string, user: AdminUser, read: (key: string) => unknown) {
  const page = drawAdminPage(location, user, read);
  return page && { html: page.html, title: page.title, dataScript: adminPageDataScript(page.data) };
}
