// Test sites with very many items: the starter site plus generated news or event cards, written as
// files and committed with the git CLI before the server starts, so the server loads them as it would
// any site repository (the way a maintainer's import would arrive).
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';
import { serializeItem } from '../content/index/fileFormat.ts';
import { entities } from '../schema/registry.ts';
import type { EntityDef } from '../schema/define.ts';
import { whenText } from '../schema/eventWhen.ts';

export interface GeneratedNews {
  id: string;
  title: string;
  link: string;
  what: string;
  when_date: string;
}

const TOPICS = [
  'Robotics',
  'Teacher workshop',
  'Coding camp',
  'Policy briefing',
  'Hackathon',
  'Summer symposium',
  'Grant round',
];
const PLACES = [
  'Salem',
  'Bend',
  'Eugene',
  'Medford',
  'Astoria',
  'Pendleton',
  'Hood River',
  'Corvallis',
  'Ontario',
  'Burns',
  'Newport',
];

/** What item `n` of a generated list is about, and the day it names in a span of `years` from `firstYear`. */
function generatedTopic(n: number, firstYear: number, years: number) {
  const day = 1 + (n % 28);
  const month = 1 + (Math.floor(n / 28) % 12);
  const year = firstYear + (Math.floor(n / 336) % years);
  return {
    topic: TOPICS[n % TOPICS.length]!,
    place: PLACES[n % PLACES.length]!,
    day,
    iso: (d: number) => `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
  };
}

/**
 * `count` news items with ids from `firstId`: titles, dates and texts follow from the id alone, so a
 * test can compute what a search or a sort must answer. Every 10th item has no date.
 */
export function generateNews(count: number, firstId = 1001): GeneratedNews[] {
  return Array.from({ length: count }, (_, i) => {
    const n = firstId + i;
    const { topic, place, day, iso } = generatedTopic(n, 2010, 17);
    return {
      id: String(n),
      title: `${topic} in ${place}, number ${n}`,
      link: n % 3 === 0 ? `https://example.org/news/${n}` : '',
      what: `Archive entry ${n}. ${n % 97 === 0 ? 'A rare *quasar* sighting over the school.' : 'Nothing unusual happened.'}`,
      when_date: n % 10 === 0 ? '' : iso(day),
    };
  });
}

export interface GeneratedEventCard {
  id: string;
  title: string;
  bold: string;
  what: string;
  who: string;
  when_date: string;
  start_date: string;
  end_date: string;
  apply_link: string;
  flyer_link: string;
  display_event: 'nowhere' | 'event-page' | 'everywhere';
}

/**
 * `count` event cards with ids from `firstId`, following from the id alone: a start date in
 * 2027–2036 (every 10th card has none), every 4th spans three days, and the words written from the
 * dates. Every 9th is shown on its event page only and every 17th nowhere; the rest everywhere.
 */
export function generateEventCards(count: number, firstId = 1001): GeneratedEventCard[] {
  return Array.from({ length: count }, (_, i) => {
    const n = firstId + i;
    const { topic, place, day, iso } = generatedTopic(n, 2027, 10);
    const start = n % 10 === 0 ? '' : iso(day);
    const end = start && n % 4 === 0 && day <= 26 ? iso(day + 2) : '';
    return {
      id: String(n),
      title: `${topic} in ${place}, event ${n}`,
      bold: n % 5 === 0 ? 'Registration closes a week before.' : '',
      what: `A day of ${topic.toLowerCase()} for teachers in and around ${place}. Bring a laptop; lunch is provided. Event ${n}.`,
      who: 'K–12 teachers, counselors and administrators',
      when_date: start ? whenText({ start, end, startTime: '', endTime: '' }) : 'Dates to be announced',
      start_date: start,
      end_date: end,
      apply_link: `https://example.org/apply/${n}`,
      flyer_link: n % 3 === 0 ? `https://example.org/flyers/${n}.pdf` : '',
      display_event: n % 17 === 0 ? 'nowhere' : n % 9 === 0 ? 'event-page' : 'everywhere',
    };
  });
}

/**
 * A data directory whose site repository holds the starter site plus these news items, in one
 * commit made with the git CLI. Start the server on it with startTestSite({ dataDir }).
 */
export const dataDirWithNews = (news: GeneratedNews[]): Promise<string> =>
  dataDirWithItems(entities.news, news, `Import ${news.length} news items`);

/** The same with these event cards. */
export const dataDirWithEventCards = (cards: GeneratedEventCard[]): Promise<string> =>
  dataDirWithItems(entities.eventCard, cards, `Import ${cards.length} event cards`);

async function dataDirWithItems<T extends { id: string }>(
  def: Extract<EntityDef, { type: 'collection' }>,
  items: readonly T[],
  message: string,
): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cms-many-'));
  const site = path.join(dataDir, 'site');
  await cp(path.join(PROJECT_ROOT, 'content'), path.join(site, 'content'), { recursive: true });
  await cp(path.join(PROJECT_ROOT, 'media'), path.join(site, 'media'), { recursive: true });
  await mkdir(path.join(site, 'content', def.folder), { recursive: true });
  for (const { id, ...data } of items) {
    await writeFile(path.join(site, 'content', def.folder, `${id}.md`), serializeItem(def, data));
  }
  commitAsImport(site, message);
  return dataDir;
}

/**
 * Makes the folder `site` a new git repository whose one commit, made with the git CLI, holds every
 * file in it: a site of thousands of items in a second or two, where the store's own first start
 * would write and flush each of their objects one by one.
 */
export function commitAsImport(site: string, message: string): void {
  const env = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: '1',
    HOME: path.dirname(site),
    GIT_AUTHOR_NAME: 'Archive Import',
    GIT_AUTHOR_EMAIL: 'import@example.org',
    GIT_COMMITTER_NAME: 'Archive Import',
    GIT_COMMITTER_EMAIL: 'import@example.org',
  };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: site, env, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  // No automatic `git gc` in the background: it would pack the objects while the server starts.
  git('-c', 'gc.auto=0', 'commit', '-q', '-m', message);
}
