import { describe, expect, it } from 'vitest';
import { keptTickEntry } from './tickShape.ts';

describe('tickShape', () => {
  it('keeps one of process.nextTick’s own entries on this node (else it keeps nothing useful)', async () => {
    await new Promise((done) => setImmediate(done));
    const entry = keptTickEntry()!;
    expect(Object.keys(entry)).toEqual(['callback', 'args']);
    expect(Object.getOwnPropertySymbols(entry).map(String)).toEqual([
      'Symbol(async_id_symbol)',
      'Symbol(trigger_async_id_symbol)',
    ]);
  });
});
