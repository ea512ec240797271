import { describe, expect, it } from 'vitest';
import { isDraftId } from './draftPaths.ts';
import { isDraftId as storeIsDraftId } from '../store/draftRefs.ts';

describe('isDraftId, the one rule for a draft id (store refs, records, routes, the admin)', () => {
  it('takes lower-case letters, digits and dashes, 40 at most, not starting with a dash', () => {
    for (const id of ['spring-news', 'a', '0-1', 'a'.repeat(40)]) expect(isDraftId(id), id).toBe(true);
    for (const id of ['', '-a', 'Spring', 'a_b', 'a/b', '..', 'a'.repeat(41), 'a\n'])
      expect(isDraftId(id), JSON.stringify(id)).toBe(false);
  });

  it('is the function the store uses', () => {
    // The admin (workingDraft.ts) and the audit page kept copies of the pattern, held by nothing.
    expect(storeIsDraftId).toBe(isDraftId);
  });
});
