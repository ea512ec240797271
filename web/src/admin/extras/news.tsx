// News: the spec's wording ('Submitted', 'Delete Entry Above').
import type { EntityExtras } from './types.ts';

export const newsExtras: EntityExtras = {
  heading: 'News items',
  addLabel: 'Add a news item',
  createdNotice: 'Submitted',
  deleteLabel: 'Delete Entry Above',
};
