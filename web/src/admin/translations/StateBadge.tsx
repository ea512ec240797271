// A translation's state as a badge: its words, with a colour that only repeats them.
import { STATE_WORDS } from './stateWords.ts';
import type { TranslationState } from './translationsApi.ts';

export function StateBadge({ state }: { state: TranslationState }) {
  return <span className={`admin-badge admin-translation-state is-${state}`}>{STATE_WORDS[state]}</span>;
}
