// A name the file system refuses is a file the site does not have: every address that names a file
// answers 404 for a name too long to be one, a NUL byte (%00) or a file used as a folder, as it does
// for any missing file, and nothing lands in the server's log (it was a 500 with a stack trace).
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestSite, type TestSite } from '../testing/testSite.ts';
import { rawRequest } from './routes/writesTestKit.ts';
import { standInBuild } from './standInBuildTestKit.ts';
import { VARIANT_WIDTHS } from '../schema/site/imageVariants.ts';

let dist = '';
let site: TestSite;
let draft = '';
let share = '';
beforeAll(async () => {
  dist = await standInBuild();
  // Not quiet: the log is what the test reads.
  site = await startTestSite({ distDir: dist, quiet: false });
  await site.signIn();
  const made = await site.api('/api/drafts', { method: 'POST', json: { title: 'Names' } });
  draft = String(((await made.json()) as { id: string }).id);
  const link = await site.api(`/api/drafts/${draft}/shares`, { method: 'POST', json: {} });
  share = ((await link.json()) as { url: string }).url;
});
afterAll(async () => {
  await site?.stop();
  if (dist) await rm(dist, { recursive: true, force: true });
});

/** Each route that sends a file by its name, with the name of a file it has and its address for a name. */
const ROUTES: { route: string; file: string; at: (name: string) => string; staff?: boolean }[] = [
  { route: 'public media', file: '1.jpg', at: (n) => `/media/papers/${n}` },
  { route: 'a media version', file: '1.jpg', at: (n) => `/media/papers/${n}?v=0` },
  { route: 'a resized image', file: '1.jpg', at: (n) => `/media/papers/${n}?w=${VARIANT_WIDTHS[0]}` },
  { route: 'preview media', file: '1.jpg', at: (n) => `/preview/${draft}/media/papers/${n}`, staff: true },
  { route: 'shared preview media', file: '1.jpg', at: (n) => `${share}media/papers/${n}` },
  { route: 'a paper’s PDF', file: '1', at: (n) => `/api/download_pdf.php?id=${n}` },
  { route: 'built assets', file: 'app-1.js', at: (n) => `/assets/${n}` },
  { route: 'built files in a folder', file: 'mark.svg', at: (n) => `/icons/${n}` },
  { route: 'built files at the root', file: 'hero.svg', at: (n) => `/${n}` },
];

const extension = (file: string) => (file.includes('.') ? file.slice(file.lastIndexOf('.')) : '');

/** The names, made from the name of a file that is there (`1.jpg`). */
const NAMES: [string, (file: string) => string][] = [
  ['a 5,000-character name', (file) => `${'a'.repeat(5000)}${extension(file)}`],
  [
    'a name with a NUL byte',
    (file) => `${file.slice(0, file.length - extension(file).length)}%00${extension(file)}`,
  ],
  ['a file used as a folder', (file) => `${file}/x${extension(file)}`],
];

const get = (address: string, staff = false) =>
  rawRequest(site.url + address, { method: 'GET', headers: staff ? { cookie: site.cookie } : {} });

describe('a name the file system refuses', () => {
  it('each route answers 200 for a file it has (so a 404 below is about the name)', async () => {
    for (const r of ROUTES)
      expect([r.route, (await get(r.at(r.file), r.staff)).status]).toEqual([r.route, 200]);
  });

  describe('is not found', () => {
    const logged: unknown[][] = [];
    const spies: { mockRestore(): void }[] = [];
    beforeAll(() => {
      for (const m of ['error', 'warn', 'log'] as const)
        spies.push(vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void logged.push(args)));
    });
    afterAll(() => {
      for (const spy of spies) spy.mockRestore();
    });

    const cells = ROUTES.flatMap((r) => NAMES.map(([kind, name]) => ({ ...r, kind, name })));
    it.each(cells)('$route, $kind: 404', async (cell) => {
      expect((await get(cell.at(cell.name(cell.file)), cell.staff)).status).toBe(404);
    });

    it('and the server log has no stack trace of any of them', () => {
      const traces = logged.filter((args) =>
        args.some((a) => a instanceof Error || /\n\s+at |ENAMETOOLONG|ENOTDIR|null bytes/.test(String(a))),
      );
      expect(traces.map((args) => args.map(String).join(' ').slice(0, 200))).toEqual([]);
    });
  });
});
