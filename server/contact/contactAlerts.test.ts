// The contact form's notices to staff: one per busy hour and one per filling of the room, however many
// messages are refused; the busy one goes when its hour is over, the full one when room is made.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '../schema/auditEvent.ts';
import { ContactAlerts } from './contactAlerts.ts';

afterEach(() => {
  vi.useRealTimers();
});

function alerts() {
  const recorded: AuditEvent[] = [];
  const changed = vi.fn();
  const a = new ContactAlerts({
    record: (e) => {
      recorded.push(e);
      return Promise.resolve();
    },
    changed,
  });
  return { a, recorded, changed };
}

describe('ContactAlerts', () => {
  it('raises one busy notice an hour, tells open pages when it is raised and when the hour is over', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-25T20:00:00Z') });
    const { a, recorded, changed } = alerts();
    const until = new Date('2026-11-25T20:45:00Z');
    for (let i = 0; i < 50; i++) a.refusedBusy(60, until);
    expect(a.list()).toEqual([
      { kind: 'busy', since: '2026-11-25T20:00:00.000Z', until: until.toISOString(), limit: 60, refused: 50 },
    ]);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ action: 'contact-busy', entity: 'messages' });
    expect(changed).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(45 * 60 * 1000);
    expect(changed).toHaveBeenCalledTimes(2);
    expect(a.list()).toEqual([]);
    // The next hour's first refusal is a new notice.
    a.refusedBusy(60, new Date('2026-11-25T21:50:00Z'));
    expect(a.list()).toHaveLength(1);
    expect(recorded).toHaveLength(2);
    a.close();
  });

  it('raises one full notice until room is made', () => {
    const { a, recorded, changed } = alerts();
    a.refusedFull(52_000_000, 52_428_800);
    a.refusedFull(52_000_000, 52_428_800);
    expect(a.list()).toEqual([expect.objectContaining({ kind: 'full', refused: 2, maxBytes: 52_428_800 })]);
    expect(recorded).toEqual([
      expect.objectContaining({
        action: 'contact-full',
        detail:
          'the messages kept take 49.6 MB of the 50 MB set aside for them: new messages are refused until some are deleted',
      }),
    ]);
    a.roomMade();
    a.roomMade();
    expect(a.list()).toEqual([]);
    expect(changed).toHaveBeenCalledTimes(2);
  });
});
