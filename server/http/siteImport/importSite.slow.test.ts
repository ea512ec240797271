// npm run import-site, run as a person runs it, from a site of this project (it answers the same wire
// shapes as the old one) into a new data folder: the new site answers every documented read endpoint
// the same (addresses aside); a second import makes no commit; a failing endpoint leaves the folder
// untouched; and the import runs beside a server already running on the folder.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../config.ts';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { addPage } from '../routes/pagesTestKit.ts';

const run = promisify(execFile);

/** npm run import-site -- --from <from>, on `dataDir`: its exit code and what it printed. */
function importSite(from: string, dataDir: string, ...more: string[]) {
  return importWith({}, from, dataDir, ...more);
}

function importWith(env: Record<string, string>, from: string, dataDir: string, ...more: string[]) {
  return run(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts/import-site.ts'), '--from', from, ...more],
    {
      env: {
        ...process.env,
        CMS_DATA_DIR: dataDir,
        CMS_ADMIN_NAME: 'Ada Admin',
        CMS_ADMIN_EMAIL: 'ada@example.org',
        ...env,
      },
    },
  ).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number | null; signal?: string; stdout: string; stderr: string }) => ({
      code: e.code ?? e.signal,
      out: e.stdout + e.stderr,
    }),
  );
}

const photo = (colour: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** Every media address in a text masked: files are renamed on the way in ("addresses aside"). */
const masked = (answer: unknown): unknown =>
  JSON.parse(
    JSON.stringify(answer, (key, value: unknown) => (key === 'version' ? undefined : value)).replace(
      /\/media\/[^\s"'()?\\]+(\?v=[0-9a-f]+)?/g,
      '/media/…',
    ),
  );

/** What every documented read endpoint answers a visitor, by endpoint. */
async function everyAnswer(site: TestSite): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const endpoint of site.deps.model.endpoints) {
    const res = await fetch(`${site.url}/api/${endpoint.path}`);
    out[endpoint.path] = res.status === 200 ? masked(await res.json()) : res.status;
  }
  return out;
}

let old: TestSite;
const folders: string[] = [];
const newFolder = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-import-'));
  folders.push(dir);
  return path.join(dir, 'data');
};

beforeAll(async () => {
  old = await startTestSite();
  await old.signIn();
  // Media of every kind: a shared picture used in a text and a page, an item's own picture, a script in a title.
  const fd = new FormData();
  fd.append('files', new Blob([new Uint8Array(await photo('#36a'))]), 'Summer camp.jpg');
  const uploaded = (await (await old.api('/api/media', { method: 'POST', body: fd })).json()) as {
    items: { path: string }[];
  };
  const shared = uploaded.items[0]!.path;
  const news = new FormData();
  news.append('title', 'Workshops <script>alert("x")</script>');
  news.append('what', `See the camp: ![Campers](/${shared}).`);
  news.append('picture_alt', 'A red square');
  news.append('picture', new Blob([new Uint8Array(await photo('#a63'))]), 'news.jpg');
  const saved = await old.api('/api/news.php', { method: 'POST', body: news });
  expect(saved.status, await saved.clone().text()).toBeLessThan(300);
  await addPage(old, {
    sections: [{ type: 'image', image: shared, alt: 'Campers', caption: 'Camp 2026' }],
  });
}, 60_000);

afterAll(async () => {
  await old?.stop();
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

describe('importing the old site into a new data folder', () => {
  let dataDir: string;
  let imported: TestSite | undefined;
  afterAll(() => imported?.stop());

  it('answers every documented read endpoint as the old site does, and a second import changes nothing', async () => {
    dataDir = await newFolder();
    const first = await importSite(old.url, dataDir);
    expect(first.out).toMatch(/Read \d+ items from \d+ endpoints of http:\/\/127\.0\.0\.1:\d+/);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(
      /Imported into .*: \d+ created, \d+ updated, \d+ removed, 1 shared files; commit [0-9a-f]{7}\./,
    );

    imported = await startTestSite({ dataDir });
    const message = imported.git('log', '-1', '--format=%an <%ae>%n%s').trim();
    expect(message).toBe(`Ada Admin <ada@example.org>\nImport from ${old.url}`);
    // Nothing written outside the content and media folders.
    const touched = imported.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n');
    expect(
      touched.every((p) => /^(content|media)\//.test(p)),
      touched.join('\n'),
    ).toBe(true);
    const answers = await everyAnswer(old);
    // The comparison is of something: the old site's own items, pictures inline, are in it.
    expect(Object.keys(answers).length).toBeGreaterThan(20);
    expect(JSON.stringify(answers['news.php'])).toMatch(/Workshops .*"picture":"\/9j\//);
    expect(JSON.stringify(answers['pages'])).toContain('Camp 2026');
    expect(await everyAnswer(imported)).toEqual(answers);
    await imported.stop();
    imported = undefined;

    const commits = (await run('git', ['-C', path.join(dataDir, 'site'), 'rev-list', '--count', 'HEAD']))
      .stdout;
    const again = await importSite(old.url, dataDir);
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain('Nothing changed since the last import: no commit was made.');
    expect((await run('git', ['-C', path.join(dataDir, 'site'), 'rev-list', '--count', 'HEAD'])).stdout).toBe(
      commits,
    );
  }, 120_000);

  it('shows a script in a title as words, never runs it', async () => {
    imported = await startTestSite({ dataDir });
    const list = (await (await fetch(`${imported.url}/api/news.php?media=url`)).json()) as {
      id: string;
      title: string;
    }[];
    const item = list.find((n) => n.title.startsWith('Workshops'))!;
    expect(item.title).toBe('Workshops <script>alert("x")</script>');
    const page = await (await fetch(`${imported.url}/news`)).text();
    expect(page).toContain('Workshops &lt;script&gt;');
    expect(page).not.toContain('<script>alert("x")</script>');
    await imported.stop();
    imported = undefined;
  }, 60_000);
});

describe('an import that cannot be whole writes nothing', () => {
  let failing: Server;
  let failingUrl: string;
  beforeAll(async () => {
    // The old site, but one endpoint fails.
    failing = createServer((req, res) => {
      if (req.url!.startsWith('/api/about_us.php')) return void res.writeHead(503).end();
      void fetch(`${old.url}${req.url!}`).then(async (r) => {
        res.writeHead(r.status, {
          'content-type': r.headers.get('content-type') ?? 'application/octet-stream',
        });
        res.end(Buffer.from(await r.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
  });
  afterAll(() => failing.close());

  it('leaves a new folder uncreated, and names the endpoint', async () => {
    const dataDir = await newFolder();
    const result = await importSite(failingUrl, dataDir);
    expect(result.code).toBe(1);
    expect(result.out).toContain('The old site answered /api/about_us.php?media=url with status 503.');
    expect(result.out).toContain('Nothing was written.');
    await expect(stat(dataDir)).rejects.toThrow();
  }, 60_000);

  it('leaves an existing site as it was', async () => {
    const site = await startTestSite({ dataDir: await newFolder() });
    try {
      const before = site.git('rev-parse', 'HEAD');
      await site.stop();
      const files = await readdir(site.dataDir, { recursive: true });
      const result = await importSite(failingUrl, site.dataDir);
      expect(result.code).toBe(1);
      expect(site.git('rev-parse', 'HEAD')).toBe(before);
      expect(site.git('status', '--porcelain')).toBe('');
      expect((await readdir(site.dataDir, { recursive: true })).sort()).toEqual(files.sort());
    } finally {
      await rm(site.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('importing beside a running server', () => {
  it('commits under git’s lock, and the server serves the imported items', async () => {
    const site = await startTestSite();
    try {
      const result = await importSite(old.url, site.dataDir, '--replace');
      expect(result.code, result.out).toBe(0);
      expect(result.out).toContain(
        'The server is running on this folder: the import is committed beside it.',
      );
      await expect
        .poll(
          async () =>
            ((await (await fetch(`${site.url}/api/news.php?media=url`)).json()) as { title: string }[]).map(
              (n) => n.title,
            ),
          {
            timeout: 10_000,
          },
        )
        .toContain('Workshops <script>alert("x")</script>');
      expect(site.git('status', '--porcelain')).toBe('');
      expect(site.git('fsck', '--no-progress', '--no-dangling')).toBe('');
    } finally {
      await site.stop();
      await rm(site.dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('an import killed half-way (kill -9 inside its commit)', () => {
  it.each(['files', 'objects', 'ref-locked'])(
    'at "%s" leaves a site that starts whole, before or after it',
    async (step) => {
      const dataDir = await newFolder();
      const site = await startTestSite({ dataDir });
      const before = site.git('rev-parse', 'HEAD').trim();
      await site.stop();
      const killed = await importWith({ CMS_CRASH_AT: step }, old.url, dataDir, '--replace');
      expect(killed.code, killed.out).not.toBe(0);
      const again = await startTestSite({ dataDir });
      try {
        const after = again.git('rev-parse', 'HEAD').trim();
        expect(
          after === before || again.git('log', '-1', '--format=%s', after).startsWith('Import from'),
        ).toBe(true);
        expect(again.git('status', '--porcelain')).toBe('');
        expect(again.git('fsck', '--no-progress', '--no-dangling')).toBe('');
        // And the import, run again, completes.
        await again.stop();
        const done = await importSite(old.url, dataDir, '--replace');
        expect(done.code, done.out).toBe(0);
      } finally {
        await again.stop();
      }
    },
    60_000,
  );

  it('beside a running server: the server’s next save finishes or undoes it', async () => {
    const dataDir = await newFolder();
    const site = await startTestSite({ dataDir });
    try {
      const killed = await importWith({ CMS_CRASH_AT: 'files' }, old.url, dataDir, '--replace');
      expect(killed.code, killed.out).not.toBe(0);
      await site.signIn();
      const saved = await site.api('/api/news.php', { method: 'POST', json: { title: 'After the crash' } });
      expect(saved.status, await saved.clone().text()).toBe(201);
      expect(site.git('status', '--porcelain')).toBe('');
      expect(site.git('fsck', '--no-progress', '--no-dangling')).toBe('');
    } finally {
      await site.stop();
    }
  }, 60_000);
});
