// /events.ics and /events/<id>.ics read back with ical.js (a maintained RFC 5545 parser): every
// visible dated card round-trips, lines end in CRLF and fold at 75 octets, TEXT escapes hold; a
// card spans the days its display date names; UIDs are the same whatever host serves the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { startTestSite, type TestSite } from '../testing/testSite.ts';
import { raw } from '../http/fastPathTestKit.ts';
import { contentLine, escapeText, foldLine } from './icalendar.ts';
import { eventUid } from './feedIds.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site?.stop();
});

type Card = { id: string; title: string; start_date: string; when_date: string; display_event: string };

/** The calendar's text after checking its lines: CRLF only, none over 75 octets. */
async function calendarText(p: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await raw(site.url + p, headers);
  expect(res.status, p).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const text = res.body.toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  for (const line of text.slice(0, -2).split('\r\n')) {
    expect(line.includes('\n') || line.includes('\r'), JSON.stringify(line)).toBe(false);
    expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
  }
  return text;
}

const veventsOf = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and line breaks in TEXT values', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a character, and unfolds to the same line', () => {
    const value = `${'é'.repeat(40)} 🎉 ${'x'.repeat(120)}`;
    const line = contentLine('SUMMARY', escapeText(value));
    const physical = line.split('\r\n');
    expect(physical.length).toBeGreaterThan(2);
    for (const [i, l] of physical.entries()) {
      expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
      if (i > 0) expect(l.startsWith(' ')).toBe(true);
      expect(l).not.toContain('\uFFFD');
    }
    expect(physical.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(`SUMMARY:${value}`);
    expect(foldLine('short')).toBe('short');
  });
});

describe('/events.ics', () => {
  it('has one VEVENT per visible event card with a date, each round-tripping its card', async () => {
    const cards = (await (await site.api('/api/events.php')).json()) as Card[];
    const dated = cards.filter((c) => c.start_date);
    expect(dated.length).toBeGreaterThan(3);
    const text = await calendarText('/events.ics');
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('prodid')).toBeTruthy();
    const events = cal.getAllSubcomponents('vevent');
    expect(events).toHaveLength(dated.length);
    expect(cal.getFirstPropertyValue('x-wr-timezone')).toBe('America/Los_Angeles');
    for (const [i, card] of dated.entries()) {
      const ev = new ICAL.Event(events[i]);
      expect(ev.uid).toBe(eventUid(card.id));
      expect(ev.summary).toBe(card.title);
      // All day, or at the times of day its display date names, on its start date in Oregon.
      const day = ev.startDate.isDate
        ? ev.startDate.toString()
        : ev.startDate.toJSDate().toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' });
      expect(day).toBe(card.start_date);
      expect(ev.endDate.compare(ev.startDate)).toBe(1);
      expect(ev.description).toContain(`When: ${card.when_date}`);
      expect(events[i]!.getFirstPropertyValue('dtstamp')).toBeTruthy();
    }
    // "Saturday, January 23, 2027, 9:00 am – 3:30 pm" is 17:00 to 23:30 UTC (PST);
    // a range of days is all day, on every one of them (DTEND the day after the last).
    const at = (title: string) => new ICAL.Event(events.find((e) => new ICAL.Event(e).summary === title));
    const workshop = at(dated.find((c) => c.when_date.includes('9:00 am – 3:30 pm'))!.title);
    expect(workshop.startDate.toJSDate().toISOString()).toBe('2027-01-23T17:00:00.000Z');
    expect(workshop.endDate.toJSDate().toISOString()).toBe('2027-01-23T23:30:00.000Z');
    expect(text).toMatch(/DTSTART:20270123T170000Z\r\n/);
    const institute = at(dated.find((c) => c.when_date.startsWith('Saturday, January 9 –'))!.title);
    expect(institute.startDate.isDate).toBe(true);
    expect([institute.startDate.toString(), institute.endDate.toString()]).toEqual([
      '2027-01-09',
      '2027-02-21',
    ]);
    // Cards shown nowhere are not published, so not in the calendar either.
    const staff = (await site
      .signIn()
      .then(() => site.api('/api/events.php'))
      .then((r) => r.json())) as Card[];
    await site.signOut();
    const unpublished = staff.filter((c) => c.display_event === '0' && c.start_date);
    const listed = events.map((e) => new ICAL.Event(e).uid);
    for (const c of unpublished) expect(listed).not.toContain(eventUid(c.id));
  });

  it('a saved card with commas, semicolons, backslashes and line breaks reads back exactly', async () => {
    await site.signIn();
    const title = 'Robotics, code; and a \\ backslash — “quoted” 🎉';
    const made = await site.api('/api/events.php', {
      method: 'POST',
      json: {
        title,
        start_date: '2027-05-07',
        when_date: 'Friday, May 7, 2027',
        display_event: '2',
        what: `First line, with a comma.\nSecond; line\n\n${'A long sentence that must fold. '.repeat(6)}`,
        who: 'Teachers; counselors, and \\ others',
        apply_link: 'https://example.org/apply?a=1,2;b',
      },
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as Card;
    const undated = await site.api('/api/events.php', {
      method: 'POST',
      json: { title: 'No date yet', display_event: '2' },
    });
    const undatedId = ((await undated.json()) as Card).id;
    await site.signOut();

    const text = await calendarText('/events.ics');
    // ical.js reads an unescaped comma too; RFC 5545 wants it escaped, as written here.
    expect(text.replace(/\r\n /g, '')).toContain('SUMMARY:Robotics\\, code\\; and a \\\\ backslash');
    const ev = veventsOf(text)
      .map((v) => new ICAL.Event(v))
      .find((e) => e.summary === title)!;
    expect(ev).toBeTruthy();
    expect(ev.startDate.toString()).toBe('2027-05-07');
    expect(ev.description).toContain('First line, with a comma.\nSecond; line');
    expect(ev.description).toContain('Who is it for: Teachers; counselors, and \\ others');
    expect(ev.component.getFirstPropertyValue('url')).toBe('https://example.org/apply?a=1,2;b');

    // "Add to calendar": the card alone.
    const one = veventsOf(await calendarText(`/events/${id}.ics`));
    expect(one).toHaveLength(1);
    expect(new ICAL.Event(one[0]).summary).toBe(title);
    expect((await raw(`${site.url}/events/${id}.ics`)).headers['content-disposition']).toBe(
      `attachment; filename="event-${id}.ics"`,
    );
    // A card without a date is in no calendar.
    expect((await raw(`${site.url}/events/${undatedId}.ics`)).status).toBe(404);
    const summaries = veventsOf(await calendarText('/events.ics')).map((v) => new ICAL.Event(v).summary);
    expect(summaries).not.toContain('No date yet');
  });

  it('a card taken off the site leaves the calendar at once', async () => {
    const cards = (await (await site.api('/api/events.php')).json()) as Card[];
    const card = cards.find((c) => c.start_date)!;
    expect((await raw(`${site.url}/events/${card.id}.ics`)).status).toBe(200);
    await site.signIn();
    const hidden = await site.api(`/api/events.php?id=${card.id}`, {
      method: 'PUT',
      json: { display_event: '0' },
    });
    expect(hidden.status).toBe(200);
    await site.signOut();
    expect((await raw(`${site.url}/events/${card.id}.ics`)).status).toBe(404);
    const listed = veventsOf(await calendarText('/events.ics')).map((v) => new ICAL.Event(v).uid);
    expect(listed).not.toContain(eventUid(card.id));
  });

  it('a three-day event spans its three days', async () => {
    const cards = (await (await site.api('/api/events.php')).json()) as Card[];
    const card = cards.find((c) => c.when_date === 'Tuesday, June 22 – Thursday, June 24, 2027')!;
    const [vevent] = veventsOf(await calendarText(`/events/${card.id}.ics`));
    const ev = new ICAL.Event(vevent);
    expect(ev.startDate.isDate).toBe(true);
    expect([ev.startDate.toString(), ev.endDate.toString()]).toEqual(['2027-06-22', '2027-06-25']);
    expect(ev.duration.toSeconds()).toBe(3 * 86_400);
    // Each of the three days has it, the day after does not (ical.js's own reading of the dates).
    const on = (day: string) => {
      const start = ICAL.Time.fromDateString(day);
      const end = start.clone();
      end.adjust(1, 0, 0, 0);
      return ev.startDate.compare(end) < 0 && ev.endDate.compare(start) > 0;
    };
    expect(['2027-06-21', '2027-06-22', '2027-06-23', '2027-06-24', '2027-06-25'].map(on)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });

  it('names events the same whatever host serves the calendar', async () => {
    const uids = async (host: string) =>
      veventsOf(await calendarText('/events.ics', { host })).map((v) => new ICAL.Event(v).uid);
    const a = await uids('www.example.test');
    expect(a.length).toBeGreaterThan(3);
    expect(await uids('cms.internal:8080')).toEqual(a);
    for (const uid of a) expect(uid).toMatch(/^tag:oregon-cs-education-alliance,2026:event-card\/\d+$/);
  });

  it('describes a card with the words its page shows, GitHub-flavoured markdown included', async () => {
    await site.signIn();
    const made = await site.api('/api/events.php', {
      method: 'POST',
      json: {
        title: 'Bring list',
        start_date: '2027-09-10',
        when_date: 'Friday, September 10, 2027',
        display_event: '2',
        what: '**Bring**:\n\n- [ ] a laptop\n- [x] a pen\n\n| Room | Time |\n|---|---|\n| 4 | ~~9~~ 10 |',
      },
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as Card;
    await site.signOut();
    const ev = new ICAL.Event(veventsOf(await calendarText(`/events/${id}.ics`))[0]);
    expect(ev.description).toContain('Bring:\n\n☐ a laptop\n☑ a pen\n\nRoom | Time\n4 | 9 10');
    expect(ev.description).not.toMatch(/\*\*|~~|\[ \]|\|---/);
  });
});
