// The stream's word of this tab's own save is no news: the tab drew the save's answer already. Word
// of anyone else's change (or of items the tab does not hold at that version) is passed on, with
// the items it names.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class FakeEventSource {
  static CLOSED = 2;
  static last: FakeEventSource | undefined;
  readyState = 0;
  private handlers = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, h: (e: MessageEvent) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), h]);
  }
  emit(type: string, data: unknown) {
    for (const h of this.handlers.get(type) ?? []) h({ data: JSON.stringify(data) } as MessageEvent);
  }
}

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

const change = (version: string | null, id = '7') => ({
  endpoints: ['news.php'],
  entities: ['news'],
  saved: [{ entity: 'news', id, version }],
});

describe('liveStream', () => {
  it("passes on others' changes and drops word of the tab's own save and delete", async () => {
    const stream = await import('./liveStream.ts');
    const heard: unknown[] = [];
    stream.onContentChange((e) => heard.push(e));
    const es = FakeEventSource.last!;
    stream.holdVersion('news', '7', 'v2');
    es.emit('change', change('v2'));
    expect(heard).toEqual([]);
    es.emit('change', change('v3')); // someone saved over it since
    es.emit('change', change('v1', '8')); // an item this tab did not save
    es.emit('change', { endpoints: ['news.php'] }); // a hand edit: no versions named
    expect(heard).toEqual([['news.php'], ['news.php'], ['news.php']]);
    stream.holdVersion('news', '8', null);
    es.emit('change', change(null, '8'));
    expect(heard).toHaveLength(3);
  });

  it('passes on, of a save that also wrote items the tab does not hold, only those items', async () => {
    const stream = await import('./liveStream.ts');
    const heard: unknown[] = [];
    stream.onContentChange((endpoints, detail) => heard.push([endpoints, detail]));
    const es = FakeEventSource.last!;
    stream.holdVersion('majorEvents', '2', 'p2');
    es.emit('change', {
      endpoints: ['majorevents.php', 'events.php'],
      entities: ['majorEvents', 'eventCards'],
      saved: [
        { entity: 'majorEvents', id: '2', version: 'p2' },
        { entity: 'eventCards', id: '4', version: 'c4' },
      ],
    });
    es.emit('change', { endpoints: ['news.php'], entities: ['news'] }); // a hand edit
    expect(heard).toEqual([
      [
        ['majorevents.php', 'events.php'],
        {
          entities: ['majorEvents', 'eventCards'],
          saved: [{ entity: 'eventCards', id: '4', version: 'c4' }],
        },
      ],
      [['news.php'], { entities: ['news'], saved: null }],
    ]);
  });

  it('holds word that comes before the save answers, and judges it once the answer is drawn', async () => {
    const stream = await import('./liveStream.ts');
    const heard: unknown[] = [];
    stream.onContentChange((e) => heard.push(e));
    const es = FakeEventSource.last!;
    let answer!: () => void;
    const saved = stream.ownSave(async () => {
      await new Promise<void>((r) => (answer = r));
      stream.holdVersion('news', '7', 'v5');
    });
    es.emit('change', change('v5'));
    es.emit('change', change('v6', '9'));
    expect(heard).toEqual([]);
    answer();
    await saved;
    expect(heard).toEqual([['news.php']]);
  });
});
