// The admin pages of the spec (§2), in the order of the admin home, plus Pages and Menus (issue 34),
// the media library, Messages, the audit log, Drafts and Accounts. Each entity page shows the
// sections of every entity whose declaration names its route.
// A page only some roles may use names what it needs (access.ts): the home lists it for them only.
import type { EntityDef } from '../../../server/schema/define.ts';
import { entities } from '../../../server/schema/registry.ts';
import { extrasByEntity } from './extras/index.ts';
import type { EntityExtras } from './extras/types.ts';
import { AUDIT_LOG_ROUTE } from '../../../server/schema/auditEvent.ts';
import { CONTENT_CHECKS_ROUTE } from '../../../server/schema/contentChecks.ts';
import { WEBHOOKS_ROUTE } from '../../../server/schema/webhooks.ts';
export { WEBHOOKS_ROUTE };
import type { Ability } from './access.ts';

export interface AdminPageInfo {
  route: string;
  /** The page's title and its entry on the admin home. */
  title: string;
  description: string;
  sections: { def: EntityDef; extras: EntityExtras }[];
  /** What the page needs beyond being signed in (the admin home lists it only for those who may). */
  needs?: Ability;
}

/** A section drawn as the generic list of a collection, read page by page (admin/items). */
export const isListedSection = ({ def, extras }: { def: EntityDef; extras: EntityExtras }) =>
  def.type === 'collection' && def.storage !== 'private' && !extras.Section;

export const MARKDOWN_EDITOR_ROUTE = '/MarkdownEditor';
/** The media library (issue 33): every picture and PDF, uploads, descriptions, where each is used. */
export { MEDIA_LIBRARY_ROUTE } from '../../../server/schema/mediaLibrary.ts';
import { MEDIA_LIBRARY_ROUTE } from '../../../server/schema/mediaLibrary.ts';
/** The Drafts page; each draft's own page is under it (the previews' "Back to the draft" links there). */
export { DRAFTS_ROUTE, draftRoute } from '../../../server/schema/draftPaths.ts';
import { DRAFTS_ROUTE } from '../../../server/schema/draftPaths.ts';
/** The Translations page; each item's side-by-side view is under it. */
export { TRANSLATIONS_ROUTE, translateRoute } from './translations/translationPaths.ts';
import { TRANSLATIONS_ROUTE } from './translations/translationPaths.ts';

const sectionsFor = (route: string) =>
  (Object.keys(entities) as (keyof typeof entities)[])
    .filter((k) => entities[k].admin.route === route)
    .map((k) => ({ def: entities[k] as EntityDef, extras: extrasByEntity[k] }));

/** The page's description: the fullest of its entities' one-liners. */
const describe = (sections: { def: EntityDef }[]) =>
  sections.map((s) => s.def.admin.description).sort((a, b) => b.length - a.length)[0] ?? '';

const page = (route: string, title: string, description?: string, needs?: Ability): AdminPageInfo => {
  const sections = sectionsFor(route);
  return {
    route,
    title,
    description: description ?? describe(sections),
    sections,
    ...(needs ? { needs } : {}),
  };
};

/** Each person's own account: name, password, where they are signed in, two-step sign-in. */
export const ACCOUNT_ROUTE = '/admin/account';
/** The admins' list of accounts and invites. */
export const ACCOUNTS_ROUTE = '/admin/accounts';
/** The links an admin hands out (/admin/invite/TOKEN, /admin/reset/TOKEN): opened signed out. */
export const INVITE_ROUTE = '/admin/invite';
export const RESET_ROUTE = '/admin/reset';

export const adminPages: AdminPageInfo[] = [
  page('/EventsAdminPage', 'Event cards'),
  page('/pdfPage', 'PDF research papers'),
  page('/NewsAdminPage', 'News'),
  page('/BannerAdminPage', 'Banner'),
  page('/MajorEventsAdminPage', 'Event pages'),
  page('/PolicyAdminPage', 'Policy page'),
  page('/AboutUsAdminPage', 'About us'),
  page('/DropDownEventsAdminPage', 'Summer symposium dropdowns'),
  page('/ResourcesAdminPage', 'Educator resources'),
  page('/SpotlightAdminPage', 'Teacher spotlight'),
  page('/HomePageAdminPage', 'Home page'),
  page('/FooterAdminPage', 'Footer'),
  page('/StatePolicyAdminPage', 'State policies'),
  page(
    MARKDOWN_EDITOR_ROUTE,
    'Markdown editor',
    'A helper to write formatted text (bold, colours, alignment, font size, links) to paste into any text box.',
  ),
  // Issue 34: pages staff build from sections, and the menus that lead to them.
  page('/PagesAdminPage', 'Pages'),
  page('/NavigationAdminPage', 'Menus'),
  page(
    MEDIA_LIBRARY_ROUTE,
    'Media library',
    'Every picture and PDF on the site: upload many at once, describe pictures, see where each is used, replace or delete them.',
  ),
  page('/MessagesAdminPage', 'Messages', 'Messages visitors sent through the contact form.', 'messages'),
  page(
    AUDIT_LOG_ROUTE,
    'Audit log',
    'Who signed in, saved, deleted or restored what and when; filter it and export CSV.',
    'auditLog',
  ),
  page(
    DRAFTS_ROUTE,
    'Drafts',
    'Prepare changes to several items without touching the live site: preview them, have a colleague review them, and publish them together, now or at a set time.',
  ),
  page('/RedirectsAdminPage', 'Redirects'),
  // Issue 36: the languages of the public site (admins only: the list field is theirs alone).
  page('/LanguagesAdminPage', 'Languages', undefined, 'siteSettings'),
  // Issue 36: what is translated into each language, and the side-by-side view to translate it.
  page(
    TRANSLATIONS_ROUTE,
    'Translations',
    'What is translated into each language of the site, what is missing or out of date since the English changed, and a side-by-side view to translate it.',
  ),
  page(
    CONTENT_CHECKS_ROUTE,
    'Content checks',
    'Every problem on the live site that makes a page harder to use: images without a description, headings out of order, links that do not say where they go or lead nowhere.',
    'contentChecks',
  ),
  page(
    ACCOUNTS_ROUTE,
    'Accounts',
    'Who can sign in and what each person may do: invite colleagues, change roles, turn accounts off, make password-reset links, and require two-step sign-in.',
    'accounts',
  ),
  // Issue 37: the addresses told of changes on the live site, and how their calls went.
  page(
    WEBHOOKS_ROUTE,
    'Webhooks',
    'Other services (a chat channel, a newsletter tool) told when something is published, saved or deleted, or a message arrives; each call and its answer.',
    'webhooks',
  ),
];
