// Where staff edit what the public pages show: each kind of item's admin page (as its declaration
// says, server/schema/entities/; a test keeps the two the same — the public bundle does not carry
// the declarations), opened on the item, and in a draft when the page is a preview of one.

export const EDIT_PAGES = {
  news: '/NewsAdminPage',
  eventCards: '/EventsAdminPage',
  majorEvents: '/MajorEventsAdminPage',
  profiles: '/AboutUsAdminPage',
  papers: '/pdfPage',
  statePolicies: '/StatePolicyAdminPage',
  resources: '/ResourcesAdminPage',
  policyText: '/PolicyAdminPage',
  homePage: '/HomePageAdminPage',
  eventDropdowns: '/DropDownEventsAdminPage',
  workshopSchedule: '/DropDownEventsAdminPage',
  banners: '/BannerAdminPage',
  spotlights: '/SpotlightAdminPage',
  aboutText: '/AboutUsAdminPage',
  educatorTexts: '/ResourcesAdminPage',
  educatorButton: '/ResourcesAdminPage',
  footer: '/FooterAdminPage',
  pages: '/PagesAdminPage',
  navigation: '/NavigationAdminPage',
} as const;

export type EditableEntity = keyof typeof EDIT_PAGES;

/**
 * The admin form of an item (`?<entity>=<id>`, as the admin's lists open one; none for a
 * one-of-a-kind text, whose page shows its form), in `draft` when given.
 */
export function editHref(entity: EditableEntity, id?: string, draft?: string): string {
  const params = new URLSearchParams();
  if (id !== undefined) params.set(entity, id);
  if (draft) params.set('draft', draft);
  const query = params.toString();
  return `${EDIT_PAGES[entity]}${query ? `?${query}` : ''}`;
}
