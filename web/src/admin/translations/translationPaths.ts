// Where the translation screens are: the Translations page, and each item's side-by-side view under it.
// Links keep the draft worked in, so a translation opened from a draft is saved into it.
import { keepDraft } from '../drafts/workingDraft.ts';

export const TRANSLATIONS_ROUTE = '/admin/translations';

/** The side-by-side view of one item in one language. */
export const translateRoute = (entity: string, id: string, lang: string): string =>
  keepDraft(
    `${TRANSLATIONS_ROUTE}/${encodeURIComponent(entity)}/${encodeURIComponent(id)}?lang=${encodeURIComponent(lang)}`,
  );
