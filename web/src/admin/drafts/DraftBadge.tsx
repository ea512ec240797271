// A draft's badge: where it stands, or when it is scheduled to go live (draftWords.ts draftBadge).
import { draftBadge } from './draftWords.ts';
import type { DraftRecord } from './draftsApi.ts';

export function DraftBadge({ draft }: { draft: Pick<DraftRecord, 'state' | 'publishAt'> }) {
  const { text, tone } = draftBadge(draft);
  return <span className={`admin-badge admin-draft-state is-${tone}`}>{text}</span>;
}
