// The React renderers the server draws pages with: the public site's and the admin's own components
// (web/src/ssr/renderers.ts implements this). Declared here, as types only, so that no server file
// imports web/ but the composition root (server/main.ts), which hands the entry's loader over in
// AppDeps: the server renders the same React pages the browser hydrates.
import type { MarkdownVariant } from '../schema/site/markdownKey.ts';
import type { PageSources, RenderedPage } from '../schema/site/pageData.ts';
import type { ContactOutcome } from '../schema/site/contactForm.ts';
import type { SignedInUser } from './auth/signedInUser.ts';

/** An admin page drawn for one signed-in user: #root's markup, its title, its data script. */
export interface RenderedAdminPage {
  html: string;
  title: string;
  /** The non-executing JSON script the admin app starts from (who, and the lists' answers). */
  dataScript: string;
}

export interface Renderers {
  /** A public page by the site's components; texts without HTML yet are left as placeholders. */
  renderPage(pathname: string, sources: PageSources, contact?: ContactOutcome): RenderedPage;
  /** The page with the HTML of its missing texts filled in (`html[i]` for `page.missing[i]`). */
  fillMarkdown(page: RenderedPage, html: readonly string[]): RenderedPage;
  /** A markdown text as sanitized HTML, by the one markdown pipeline. */
  renderMarkdownHtml: (text: string, variant: MarkdownVariant) => string;
  /** An admin page of lists for `user`, or null when the browser draws it (forms, drafts, items open). */
  renderAdminPage(
    location: string,
    user: SignedInUser,
    read: (key: string) => unknown,
  ): RenderedAdminPage | null;
}

/** Loads the renderers (React and the components: about 0.3 s of imports) once, when first asked. */
export type LoadRenderers = () => Promise<Renderers>;
