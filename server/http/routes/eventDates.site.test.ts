// An event card's dates over real HTTP: the documented write call (title, when_date and the other
// documented fields, plus the start date) works as before and keeps its words; a card given dates has
// its words written from them, is listed by its start date and spans its days in /events.ics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { raw } from '../fastPathTestKit.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await site.signIn();
});
afterAll(async () => {
  await site?.stop();
});

type Card = Record<string, string> & { id: string };

const vevents = async (path: string) => {
  const res = await raw(site.url + path);
  expect(res.status, path).toBe(200);
  return new ICAL.Component(ICAL.parse(res.body.toString('utf8')))
    .getAllSubcomponents('vevent')
    .map((v) => new ICAL.Event(v));
};

const create = async (json: Record<string, string>) => {
  const res = await site.api('/api/events.php', { method: 'POST', json });
  expect(res.status).toBe(201);
  return (await res.json()) as Card;
};

describe('event card dates', () => {
  it('the documented write call keeps its words, and the calendar reads its last day from them', async () => {
    const card = await create({
      title: 'Documented call',
      bold: 'Bold',
      what: 'What',
      who: 'Teachers',
      when_date: 'June 22–24, 2027',
      start_date: '2027-06-22',
      is_full: '0',
      flyer_link: '',
      apply_link: '',
      major_event_associated: 'None',
      display_event: '2',
      news_type: '1',
    });
    expect(card.when_date).toBe('June 22–24, 2027');
    expect(card.is_full).toBe('0');
    expect(card.display_event).toBe('2');
    const updated = await site.api(`/api/events.php?id=${card.id}`, {
      method: 'PUT',
      json: { ...card, title: 'Documented call, edited' },
    });
    expect(updated.status).toBe(200);
    const listed = ((await (await site.api('/api/events.php')).json()) as Card[]).find(
      (c) => c.id === card.id,
    )!;
    expect(listed).toMatchObject({ title: 'Documented call, edited', when_date: 'June 22–24, 2027' });
    const [ev] = await vevents(`/events/${card.id}.ics`);
    expect([ev!.startDate.toString(), ev!.endDate.toString()]).toEqual(['2027-06-22', '2027-06-25']);
  });

  it('a card entered with 1–3 March has its words written, sorts by 1 March and spans 1–3 March', async () => {
    const card = await create({
      title: 'Three days in March',
      start_date: '2027-03-01',
      end_date: '2027-03-03',
      display_event: '2',
    });
    expect(card.when_date).toBe('Monday, March 1 – Wednesday, March 3, 2027');
    expect(card.end_date).toBe('2027-03-03');

    const cards = (await (await site.api('/api/events.php')).json()) as Card[];
    const at = cards.findIndex((c) => c.id === card.id);
    // Listed after every card starting before 1 March, before every card starting after it.
    expect(cards.slice(0, at).every((c) => c.start_date && c.start_date <= '2027-03-01')).toBe(true);
    expect(cards.slice(at + 1).every((c) => !c.start_date || c.start_date >= '2027-03-01')).toBe(true);
    expect(cards.slice(at + 1).some((c) => c.start_date === '2027-03-06')).toBe(true);

    const ev = (await vevents('/events.ics')).find((e) => e.summary === 'Three days in March')!;
    expect(ev.startDate.isDate).toBe(true);
    expect([ev.startDate.toString(), ev.endDate.toString()]).toEqual(['2027-03-01', '2027-03-04']);

    // A change of dates takes the written words along; words staff typed stay theirs.
    const moved = await site.api(`/api/events.php?id=${card.id}`, {
      method: 'PUT',
      json: { end_date: '2027-03-02' },
    });
    expect(((await moved.json()) as Card).when_date).toBe('Monday, March 1 – Tuesday, March 2, 2027');
    await site.api(`/api/events.php?id=${card.id}`, { method: 'PUT', json: { when_date: 'Early March' } });
    const kept = await site.api(`/api/events.php?id=${card.id}`, {
      method: 'PUT',
      json: { end_date: '2027-03-03' },
    });
    expect(((await kept.json()) as Card).when_date).toBe('Early March');
    const [again] = await vevents(`/events/${card.id}.ics`);
    expect(again!.endDate.toString()).toBe('2027-03-04');
  });

  it('a one-day card with times is at those times in the site’s zone', async () => {
    const card = await create({
      title: 'Afternoon session',
      start_date: '2027-02-03',
      start_time: '16:00',
      end_time: '17:30',
      display_event: '2',
    });
    expect(card.when_date).toBe('Wednesday, February 3, 2027, 4:00 – 5:30 pm');
    const [ev] = await vevents(`/events/${card.id}.ics`);
    expect(ev!.startDate.toJSDate().toISOString()).toBe('2027-02-04T00:00:00.000Z');
    expect(ev!.endDate.toJSDate().toISOString()).toBe('2027-02-04T01:30:00.000Z');
  });

  it('refuses an end before the start with the field’s message', async () => {
    const res = await site.api('/api/events.php', {
      method: 'POST',
      json: { title: 'Backwards', start_date: '2027-03-03', end_date: '2027-03-01' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('The end date must be on or after the start date.');
  });
});
