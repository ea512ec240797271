// The site repository on a git remote, against a real git smart-HTTP server (git http-backend on
// loopback, with HTTP Basic sign-in): a primary pushes every save, two read replicas follow it by
// webhook, a remote that is down loses nothing, a maintainer's push is merged, the same item changed on
// both sides keeps the remote's version with the local one in history, wrong webhook signatures and
// writes to a replica are refused.
import { createHmac } from 'node:crypto';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../testing/testSite.ts';
import { startGitHttpServer, type GitHttpServer } from '../testing/gitHttpServer.ts';
import type { RemoteSettings } from './remoteSettings.ts';

const AUTH = { username: 'forge-user', password: 'forge-token-s3cret' };
const SECRET = 'webhook shared secret';
const SAVES = Number(process.env.REMOTE_TEST_SAVES ?? 50);

let root: string;
let forge: GitHttpServer;
let primary: TestSite;
const replicas: TestSite[] = [];

const settings = (over: Partial<RemoteSettings> = {}): RemoteSettings => ({
  url: forge.url('site'),
  credentials: { ...AUTH },
  pullIntervalMs: 0,
  webhookSecret: SECRET,
  role: 'primary',
  primaryUrl: null,
  ...over,
});
const sign = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Maintainer',
      GIT_AUTHOR_EMAIL: 'm@example.org',
      GIT_COMMITTER_NAME: 'Maintainer',
      GIT_COMMITTER_EMAIL: 'm@example.org',
    },
  }).trim();
/** For git commands that talk to the forge, which runs in this process: a sync call would block it. */
const gitNet = (cwd: string, ...args: string[]) =>
  promisify(execFile)('git', args, {
    cwd,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Maintainer',
      GIT_AUTHOR_EMAIL: 'm@example.org',
      GIT_COMMITTER_NAME: 'Maintainer',
      GIT_COMMITTER_EMAIL: 'm@example.org',
      GIT_TERMINAL_PROMPT: '0',
    },
  });
const bare = () => path.join(root, 'forge', 'site.git');
const remoteHead = () => git(bare(), 'rev-parse', 'main');
const authedUrl = () => forge.url('site').replace('http://', `http://${AUTH.username}:${AUTH.password}@`);

async function webhook(
  site: TestSite,
  body = JSON.stringify({ ref: 'refs/heads/main' }),
  signature = sign(body),
) {
  return fetch(`${site.url}/api/git/webhook`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signature,
      'x-github-event': 'push',
    },
  });
}

async function newsTitle(site: TestSite, id: string): Promise<string | undefined> {
  const list = (await (await fetch(`${site.url}/api/news.php`)).json()) as { id: string; title: string }[];
  return list.find((n) => String(n.id) === id)?.title;
}

/** An open /api/stream counting the change events it hears. */
async function stream(site: TestSite) {
  const controller = new AbortController();
  const res = await fetch(`${site.url}/api/stream`, { signal: controller.signal });
  const reader = res.body!.getReader();
  const state = { changes: 0 };
  void (async () => {
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      state.changes += decoder.decode(value).split('event: change').length - 1;
    }
  })();
  return { state, close: () => controller.abort() };
}

async function save(site: TestSite, id: string, title: string) {
  const res = await site.api(`/api/news.php?id=${id}`, { method: 'PUT', json: { title } });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cms-remote-'));
  await mkdir(path.join(root, 'forge'));
  forge = await startGitHttpServer(path.join(root, 'forge'), AUTH);
  forge.createBare('site');
  primary = await startTestSite({ remote: settings() });
  await primary.signIn();
  await eventually(() => remoteHead() === primary.git('rev-parse', 'HEAD').trim(), 10_000, 'the first push');
  for (let i = 0; i < 2; i++) {
    replicas.push(await startTestSite({ remote: settings({ role: 'replica', primaryUrl: primary.url }) }));
  }
  // The forge sends its push webhook to both replicas, as GitHub would.
  forge.onPush = () => {
    for (const r of replicas) void webhook(r).catch(() => undefined);
  };
}, 120_000);

afterAll(async () => {
  for (const s of [primary, ...replicas]) await s?.stop();
  await forge?.close();
  await rm(root, { recursive: true, force: true });
});

describe('a primary and two read replicas on a git remote', () => {
  it('the primary pushed its first commit with the credentials, which appear nowhere in the repository', async () => {
    expect(remoteHead()).toBe(primary.git('rev-parse', 'HEAD').trim());
    const config = await readFile(path.join(primary.siteDir, '.git', 'config'), 'utf8');
    expect(config).not.toContain(AUTH.password);
    const health = (await (await fetch(`${primary.url}/api/health`)).json()) as {
      remote: { ok: boolean; message: string };
    };
    expect(health.remote.ok).toBe(true);
    expect(health.remote.message).toMatch(/^Backed up (just now|\d+ minutes? ago)\.$/);
    expect(JSON.stringify(health)).not.toContain(AUTH.password);
  });

  it(`after each of ${SAVES} saves both replicas serve the new content and tell their open pages`, async () => {
    const streams = await Promise.all(replicas.map(stream));
    const waits: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      const before = streams.map((s) => s.state.changes);
      const title = `Replicated save ${i}`;
      await save(primary, '1', title);
      const t0 = performance.now();
      await eventually(
        async () => {
          const titles = await Promise.all(replicas.map((r) => newsTitle(r, '1')));
          return titles.every((t) => t === title) && streams.every((s, k) => s.state.changes > before[k]!);
        },
        15_000,
        `save ${i} on both replicas`,
      );
      waits.push(performance.now() - t0);
    }
    streams.forEach((s) => s.close());
    const sorted = [...waits].sort((a, b) => a - b);
    const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor((q / 100) * sorted.length))]!;
    console.log(
      `replica convergence after a save's answer (${SAVES} saves, 2 replicas, webhook): ` +
        `p50 ${p(50).toFixed(0)} ms, p95 ${p(95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
    );
    expect(p(50)).toBeLessThanOrEqual(2000);
    for (const r of replicas)
      expect(r.git('rev-parse', 'HEAD').trim()).toBe(primary.git('rev-parse', 'HEAD').trim());
    for (const r of replicas) expect(r.git('status', '--porcelain')).toBe('');
  }, 300_000);

  it('a replica refuses every write with a plain message naming the primary', async () => {
    const replica = replicas[0]!;
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/login.php', { username: 'admin', password: 'x' }],
      ['PUT', '/api/news.php?id=1', { title: 'x' }],
      ['POST', '/api/news.php', { title: 'x', when_date: '2026-01-01' }],
      ['DELETE', '/api/news.php?id=1', undefined],
      ['POST', '/api/contact.php', { name: 'A', email: 'a@example.org', message: 'hi' }],
    ];
    for (const [method, url, json] of attempts) {
      const res = await replica.api(url, { method, json });
      expect(res.status, `${method} ${url}`).toBe(403);
      const body = (await res.json()) as { error: string };
      expect(body.error).toBe(
        `This server is a read-only copy of the site. Changes are made on the main site: ${primary.url}/admin`,
      );
    }
    const health = (await (await fetch(`${replica.url}/api/health`)).json()) as {
      remote: { role: string; primaryUrl: string };
    };
    expect(health.remote).toMatchObject({ role: 'replica', primaryUrl: primary.url });
    expect(await newsTitle(replica, '1')).toBe(`Replicated save ${SAVES - 1}`);
  });

  it('a webhook with a wrong or missing signature is refused (401) and fetches nothing', async () => {
    const before = forge.counts.uploadPack;
    const body = JSON.stringify({ ref: 'refs/heads/main' });
    expect((await webhook(replicas[0]!, body, sign('another body'))).status).toBe(401);
    expect((await webhook(replicas[0]!, body, 'sha256=00')).status).toBe(401);
    const unsigned = await fetch(`${replicas[0]!.url}/api/git/webhook`, { method: 'POST', body });
    expect(unsigned.status).toBe(401);
    const gitlab = await fetch(`${replicas[0]!.url}/api/git/webhook`, {
      method: 'POST',
      body,
      headers: { 'x-gitlab-token': 'wrong' },
    });
    expect(gitlab.status).toBe(401);
    await new Promise((r) => setTimeout(r, 500));
    expect(forge.counts.uploadPack).toBe(before);
    // The right secret, GitLab style, does fetch.
    const right = await fetch(`${replicas[0]!.url}/api/git/webhook`, {
      method: 'POST',
      body,
      headers: { 'x-gitlab-token': SECRET },
    });
    expect(right.status).toBe(202);
    await eventually(() => forge.counts.uploadPack > before, 5000, 'a fetch after the signed webhook');
  });

  it('with the remote down, saves keep succeeding; pushes catch up when it returns, nothing lost, no duplicates', async () => {
    forge.down = true;
    const titles = ['Saved while down 1', 'Saved while down 2', 'Saved while down 3'];
    for (const [k, t] of titles.entries()) await save(primary, String(2 + k), t);
    const health = (await eventually(
      async () => {
        const h = (await (await fetch(`${primary.url}/api/health`)).json()) as {
          remote: { ok: boolean; message: string };
        };
        return h.remote.ok ? undefined : h;
      },
      10_000,
      'the health to show the failure',
    )) as { remote: { ok: boolean; message: string } };
    expect(health.remote.message).toMatch(
      /^Could not reach the backup since .+: the backup server did not answer|^Could not reach the backup since /,
    );
    expect(health.remote.message).toContain('Saving still works');
    forge.down = false;
    await webhook(primary); // or the retry: whichever comes first
    await eventually(
      () => remoteHead() === primary.git('rev-parse', 'HEAD').trim(),
      15_000,
      'the push after the remote returned',
    );
    const log = git(bare(), 'log', '--format=%s', 'main');
    for (const t of titles) expect(log.split('\n').filter((l) => l.includes(t))).toHaveLength(1);
    expect(git(bare(), 'rev-list', '--count', 'main')).toBe(
      primary.git('rev-list', '--count', 'HEAD').trim(),
    );
    git(bare(), 'fsck', '--no-dangling');
  }, 60_000);

  it("a maintainer's push while staff save another item: both kept in a merge commit", async () => {
    const work = path.join(root, 'maintainer');
    await gitNet(root, 'clone', '-q', authedUrl(), work);
    await writeFile(path.join(work, 'content/news/3.md'), await editTitle(work, '3', 'Fixed on the forge'));
    git(work, 'commit', '-qam', 'Fix a news title on the forge');
    await gitNet(work, 'push', '-q', 'origin', 'main');
    const pushed = git(work, 'rev-parse', 'HEAD');
    await save(primary, '4', 'Saved by staff meanwhile'); // its push is refused, so it fetches and merges
    await eventually(
      async () => (await newsTitle(primary, '3')) === 'Fixed on the forge',
      15_000,
      'the merge on the primary',
    );
    expect(await newsTitle(primary, '4')).toBe('Saved by staff meanwhile');
    await eventually(
      () => remoteHead() === primary.git('rev-parse', 'HEAD').trim(),
      15_000,
      'the merge pushed',
    );
    const parents = primary.git('rev-list', '--parents', '-n', '1', 'HEAD').trim().split(' ');
    expect(parents).toHaveLength(3);
    expect(parents[2]).toBe(pushed);
    expect(primary.git('status', '--porcelain')).toBe('');
  }, 60_000);

  it("the same item changed on both sides: the remote's version wins, the local one stays in history", async () => {
    const work = path.join(root, 'maintainer');
    await gitNet(work, 'pull', '-q', '--ff-only', 'origin', 'main');
    await writeFile(path.join(work, 'content/news/5.md'), await editTitle(work, '5', 'Title from the forge'));
    git(work, 'commit', '-qam', 'Retitle news 5 on the forge');
    await gitNet(work, 'push', '-q', 'origin', 'main');
    await save(primary, '5', 'Title from the admin');
    const local = primary.git('rev-parse', 'HEAD').trim();
    await eventually(
      async () => (await newsTitle(primary, '5')) === 'Title from the forge',
      15_000,
      'the merge',
    );
    await eventually(
      () => remoteHead() === primary.git('rev-parse', 'HEAD').trim(),
      15_000,
      'the merge pushed',
    );
    const merge = primary.git('rev-parse', 'HEAD').trim();
    expect(primary.git('rev-parse', `${merge}^1`).trim()).toBe(local);
    expect(primary.git('show', `${merge}^1:content/news/5.md`)).toContain('Title from the admin');
    expect(primary.git('log', '-1', '--format=%B', merge)).toContain('- content/news/5.md');
    // The item's history in the admin lists the merge and the admin's own save.
    const history = (await (await primary.api('/api/history?entity=news&id=5')).json()) as
      { commits?: { oid: string; message: string }[] } | { oid: string; message: string }[];
    const commits = Array.isArray(history) ? history : (history.commits ?? []);
    expect(commits[0]!.oid).toBe(merge);
    expect(commits.some((c) => c.oid === local)).toBe(true);
    const health = (await (await fetch(`${primary.url}/api/health`)).json()) as {
      remote: { lastMerge: { bothChanged: string[] } };
    };
    expect(health.remote.lastMerge.bothChanged).toEqual(['content/news/5.md']);
    // Replicas follow the merge too.
    await eventually(
      async () =>
        (await Promise.all(replicas.map((r) => newsTitle(r, '5')))).every(
          (t) => t === 'Title from the forge',
        ),
      15_000,
      'replicas',
    );
  }, 60_000);

  it("drafts' refs travel to the remote: made and moved there, removed once published; main never carries them early", async () => {
    const made = (await (
      await primary.api('/api/drafts', { method: 'POST', json: { title: 'Remote draft' } })
    ).json()) as {
      id: string;
    };
    const ref = `refs/drafts/${made.id}`;
    await primary.api(`/api/news.php?draft=${made.id}`, {
      method: 'POST',
      json: { title: 'Draft on the forge' },
    });
    const tip = primary.git('rev-parse', ref).trim();
    const onForge = () => {
      try {
        return git(bare(), 'rev-parse', '--verify', '--quiet', ref).trim();
      } catch {
        return '';
      }
    };
    await eventually(() => onForge() === tip, 10_000, 'the draft ref on the forge');
    expect(git(bare(), 'log', '--format=%s', 'main')).not.toContain('Draft on the forge');
    const published = await primary.api(`/api/drafts/${made.id}/publish`, { method: 'POST', json: {} });
    expect(published.status).toBe(200);
    await eventually(
      () => onForge() === '' && remoteHead() === primary.git('rev-parse', 'HEAD').trim(),
      10_000,
      'the publish on the forge',
    );
    expect(git(bare(), 'log', '-1', '--format=%s', 'main')).toBe('Publish draft "Remote draft"');
  }, 60_000);
});

/** The news file in a clone with its title replaced (front matter `title:` line). */
async function editTitle(work: string, id: string, title: string): Promise<string> {
  const text = await readFile(path.join(work, `content/news/${id}.md`), 'utf8');
  return text.replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`);
}
