// Where the translation screens are: the Translations page, and each item's side-by-side view under it.
export const TRANSLATIONS_ROUTE = '/admin/translations';

/** The side-by-side view of one item in one language. */
export const translateRoute = (entity: string, id: string, lang: string): string =>
  `${TRANSLATIONS_ROUTE}/${encodeURIComponent(entity)}/${encodeURIComponent(id)}?lang=${encodeURIComponent(lang)}`;
