// npm start runs the bundled server (dist-server/), not the TypeScript the other suites run: this
// builds it and drives it over HTTP — public pages and API, sign-in, a save with a real commit, and a
// PDF upload through multer whose text search then finds (read by pdf.js in the PDF process, the
// bundle's own pdfChild.js), and a PDF uploaded alone whose first page that process draws — so a package that does not survive bundling fails here, not in
// production. Then it kills the server as a crash would: its PDF process does not outlive it.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config.ts';
import { childProcesses, isAlive as alive } from '../../server/testing/childProcesses.ts';
import { eventually } from '../../server/testing/eventually.ts';
import { textPdf } from '../../server/testing/textPdf.ts';
import { startServer } from '../drill/serverProcess.ts';
import { ADMIN } from '../drill/serverProcess.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

it('the bundled server starts, serves, signs in, saves and takes an upload', async () => {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build/server.ts'], {
    cwd: PROJECT_ROOT,
    stdio: 'pipe',
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cms-built-'));
  const server = await startServer(dataDir, { entry: 'built' });
  try {
    const get = (p: string) => fetch(server.url + p);
    expect((await get('/api/footer.php')).status).toBe(200);
    expect((await get('/api/health')).status).toBe(200);
    expect((await get('/sitemap.xml')).status).toBe(200);
    const login = await fetch(`${server.url}/api/login.php`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const headers = {
      origin: server.url,
      cookie: login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    };
    const saved = await fetch(`${server.url}/api/news.php?id=1`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Saved through the bundle' }),
    });
    expect(saved.status).toBe(200);
    const log = execFileSync('git', ['log', '-1', '--format=%s'], {
      cwd: path.join(dataDir, 'site'),
      encoding: 'utf8',
    });
    expect(log).toContain('Saved through the bundle');
    const form = new FormData();
    for (const [k, v] of Object.entries({
      fileName: 'Bundled',
      studyTitle: 'A bundled upload',
      abstract: 'Short.',
      publicationDate: '01/02/2026',
    }))
      form.set(k, v);
    const pdf = textPdf(['A brief on the bundled quillwort']);
    form.set('pdfFile', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'a.pdf');
    form.set('firstPage', new Blob([PNG], { type: 'image/png' }), 'p1.png');
    const upload = await fetch(`${server.url}/api/pdf_upload.php`, { method: 'POST', body: form, headers });
    expect(upload.status, await upload.clone().text()).toBeLessThan(300);
    const found = async () => {
      const answer = (await (await get('/api/search?q=quillwort')).json()) as {
        results: { foundIn: string }[];
      };
      return answer.results[0]?.foundIn === 'pdf';
    };
    await eventually(found, 30_000, 'the bundled server to find the word inside the PDF');
    // The same PDF alone: the bundle's PDF process draws its first page (pdf.js on @napi-rs/canvas).
    form.delete('firstPage');
    form.set('studyTitle', 'A bundled PDF alone');
    const alone = await fetch(`${server.url}/api/pdf_upload.php`, { method: 'POST', body: form, headers });
    expect(alone.status, await alone.clone().text()).toBe(201);
    const { id } = (await alone.json()) as { id: string };
    const picture = await get(`/media/papers/${id}.jpg`);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // A hand-written file only the full YAML reader reads (gray-matter and js-yaml, bundled).
    await writeFile(
      path.join(dataDir, 'site', 'content', 'news', '2.md'),
      '---\ntitle: >-\n  Read by the full parser\n  in the bundle\nwhen_date: 2026-01-02\n---\nBody.\n',
    );
    const handTitle = async () => {
      const item = (await (await get('/api/news.php?id=2')).json()) as { title?: string };
      return item.title === 'Read by the full parser in the bundle';
    };
    await eventually(handTitle, 10_000, 'the bundled server to read a hand-written block scalar');
    // The PDF process is there until it has been idle for a while; a server killed without a
    // chance to end it takes it along all the same (the child sees its IPC channel close).
    const [reader] = childProcesses(server.pid, 'pdfChild.js');
    expect(reader).toBeDefined();
    await server.kill();
    await eventually(() => !alive(reader!), 5_000, 'the PDF process to end with the server');
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}, 120_000);

it('loads pdf.js only in the PDF process, never in the server itself', async () => {
  const dir = path.join(PROJECT_ROOT, 'dist-server');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.js'));
  // An import of it (the server names its modules only to hand them to the child when run from source).
  const importing = /(?:\bfrom|\bimport)\s*\(?\s*["']pdfjs-dist\//;
  const loading = [];
  for (const f of files) if (importing.test(await readFile(path.join(dir, f), 'utf8'))) loading.push(f);
  expect(loading).toEqual(['pdfChild.js']);
});

it("renders pages with React's production build, as browsers run it (npm start sets no NODE_ENV)", async () => {
  const dir = path.join(PROJECT_ROOT, 'dist-server');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.js'));
  const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  const all = texts.join('\n');
  expect(all).toContain('react-dom-server-legacy.node.production.js'); // its licence comment
  expect(all).not.toContain('react-dom-server-legacy.node.development.js');
  expect(all).not.toContain('react.development.js');
  expect(all).not.toContain('unique "key" prop'); // a warning only the development build has
  // gray-matter's own js-yaml 3 (which loads esprima when it loads) is replaced by the project's js-yaml 4.
  expect(all).not.toContain('esprima');
  // Only Express still reads NODE_ENV itself (its error pages and settings are as before).
  const readers = files.filter((_, i) => texts[i]!.includes('process.env.NODE_ENV'));
  expect(readers).toHaveLength(1);
  // Express's own code, in whichever chunk the bundler put it (its `x-powered-by` setting).
  expect(texts[files.indexOf(readers[0]!)]).toContain('x-powered-by');
});
