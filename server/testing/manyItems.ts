// Test sites with very many items: the starter site plus generated news, written as files and
// committed with the git CLI before the server starts, so the server loads them as it would any
// site repository (the way a maintainer's import would arrive).
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';
import { serializeItem } from '../content/index/fileFormat.ts';
import { entities } from '../schema/registry.ts';

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

/**
 * `count` news items with ids from `firstId`: titles, dates and texts follow from the id alone, so a
 * test can compute what a search or a sort must answer. Every 10th item has no date.
 */
export function generateNews(count: number, firstId = 1001): GeneratedNews[] {
  return Array.from({ length: count }, (_, i) => {
    const n = firstId + i;
    const topic = TOPICS[n % TOPICS.length]!;
    const place = PLACES[n % PLACES.length]!;
    const day = 1 + (n % 28);
    const month = 1 + (Math.floor(n / 28) % 12);
    const year = 2010 + (Math.floor(n / 336) % 17);
    return {
      id: String(n),
      title: `${topic} in ${place}, number ${n}`,
      link: n % 3 === 0 ? `https://example.org/news/${n}` : '',
      what: `Archive entry ${n}. ${n % 97 === 0 ? 'A rare *quasar* sighting over the school.' : 'Nothing unusual happened.'}`,
      when_date:
        n % 10 === 0 ? '' : `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    };
  });
}

/**
 * A data directory whose site repository holds the starter site plus these news items, in one
 * commit made with the git CLI. Start the server on it with startTestSite({ dataDir }).
 */
export async function dataDirWithNews(news: GeneratedNews[]): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cms-many-'));
  const site = path.join(dataDir, 'site');
  await cp(path.join(PROJECT_ROOT, 'content'), path.join(site, 'content'), { recursive: true });
  await cp(path.join(PROJECT_ROOT, 'media'), path.join(site, 'media'), { recursive: true });
  await mkdir(path.join(site, 'content', 'news'), { recursive: true });
  for (const { id, ...data } of news) {
    await writeFile(path.join(site, 'content', 'news', `${id}.md`), serializeItem(entities.news, data));
  }
  commitAsImport(site, `Import ${news.length} news items`);
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
