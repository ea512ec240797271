// News: the spec's wording ('Submitted', 'Delete Entry Above').
import { LIST_NOTICE_MS } from '../ui/Notice.tsx';
import type { EntityExtras } from './types.ts';

export const newsExtras: EntityExtras = {
  heading: 'News items',
  addLabel: 'Add a news item',
  createdNotice: 'Submitted',
  deleteLabel: 'Delete Entry Above',
  noticeMs: LIST_NOTICE_MS,
};
