// The site repository on disk and the server: seeding, hand edits, git operations, broken files,
// and every stream pushing the change.
import { readFile, writeFile, rm, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openEventStream, startTestSite, type TestSite } from '../../testing/testSite.ts';
import { CONTACT_MESSAGE } from '../../testing/contactMessage.ts';

let site: TestSite;
const json = async (p: string) => (await fetch(site.url + p)).json();
const contentFile = (rel: string) => path.join(site.siteDir, 'content', rel);

beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site.stop();
});

describe('the site repository', () => {
  it('is created from the starter content with one initial commit and a clean work tree', () => {
    expect(site.git('rev-list', '--count', 'HEAD').trim()).toBe('1');
    expect(site.git('status', '--porcelain')).toBe('');
    const files = site.git('ls-files').split('\n');
    expect(files).toContain('content/site/home.md');
    expect(files.some((f) => f.startsWith('media/papers/') && f.endsWith('.pdf'))).toBe(true);
    expect(files.some((f) => f.startsWith('private') || f.includes('users'))).toBe(false);
  });

  it('is reused on a second start: nothing re-seeded, edits kept', async () => {
    const second = await startTestSite();
    const dataDir = second.dataDir;
    await writeFile(path.join(second.siteDir, 'content/footer-note.txt'), 'x'); // not content: ignored
    second.git('-c', 'user.name=T', '-c', 'user.email=t@x', 'commit', '--allow-empty', '-qm', 'marker');
    await second.close();
    const third = await startTestSite({ dataDir });
    try {
      expect(third.git('rev-list', '--count', 'HEAD').trim()).toBe('2');
      expect(third.git('log', '-1', '--format=%s').trim()).toBe('marker');
      const health = await (await fetch(`${third.url}/api/health`)).json();
      expect(health.ok).toBe(true);
    } finally {
      await third.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('changes made by hand reach the index and every subscriber', () => {
  it('a hand edit reaches the read API and /api/stream within a second', async () => {
    const stream = await openEventStream(`${site.url}/api/stream`);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect((await stream.next()).event).toBe('ready');
    const file = contentFile('news/1.md');
    const text = await readFile(file, 'utf8');
    const started = Date.now();
    await writeFile(file, text.replace(/^title: .*$/m, 'title: Edited by hand'));
    const msg = await stream.next(2000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(msg.event).toBe('change');
    expect(JSON.parse(msg.data).endpoints).toContain('news.php');
    const one = await json('/api/news.php?id=1');
    expect(one.title).toBe('Edited by hand');
    stream.close();
  });

  it('the documented streams send the current state on connect and again on change', async () => {
    const pages = await openEventStream(`${site.url}/api/majorevents.php?sse=true`);
    const cards = await openEventStream(`${site.url}/api/get_event_cards_sse.php`);
    const policy = await openEventStream(`${site.url}/api/policy_update_sse.php`);
    const firstPages = JSON.parse((await pages.next()).data);
    expect(firstPages).toEqual(await json('/api/majorevents.php'));
    expect(JSON.parse((await cards.next()).data)).toEqual(await json('/api/events.php'));
    expect(JSON.parse((await policy.next()).data)).toEqual({
      policyText: (await json('/api/policy_update.php')).policyText,
    });

    await writeFile(contentFile('site/policy.md'), '---\n---\nNew **policy** text from a hand edit.\n');
    expect(JSON.parse((await policy.next()).data)).toEqual({
      policyText: 'New **policy** text from a hand edit.',
    });

    const file = contentFile('event-pages/1.md');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(/^header: .*$/m, 'header: Renamed winter page'),
    );
    const pushed = JSON.parse((await pages.next()).data) as { id: string; header: string }[];
    expect(pushed.find((p) => p.id === '1')?.header).toBe('Renamed winter page');

    const card = contentFile('event-cards/2.md');
    await writeFile(card, (await readFile(card, 'utf8')).replace(/^title: .*$/m, 'title: Renamed card'));
    const pushedCards = JSON.parse((await cards.next()).data) as { id: string; title: string }[];
    expect(pushedCards.find((c) => c.id === '2')?.title).toBe('Renamed card');
    for (const s of [pages, cards, policy]) s.close();
    await eventually(
      async () => (await json('/api/health')).subscribers === 0,
      2000,
      'subscribers to be dropped',
    );
  });

  it('git checkout and git commit by hand reach the index', async () => {
    const before = (await json('/api/news.php?id=2')).title;
    const file = contentFile('news/2.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/^title: .*$/m, 'title: Committed by hand'));
    site.git(
      '-c',
      'user.name=Maintainer',
      '-c',
      'user.email=m@example.org',
      'commit',
      '-qam',
      'news: hand edit',
    );
    await eventually(
      async () => (await json('/api/news.php?id=2')).title === 'Committed by hand',
      2000,
      'hand commit',
    );
    site.git('checkout', 'HEAD~1', '--', 'content/news/2.md');
    await eventually(async () => (await json('/api/news.php?id=2')).title === before, 2000, 'checkout');
    site.git('checkout', 'HEAD', '--', 'content/news/2.md');
  });

  it('a new file appears and a removed file disappears', async () => {
    await writeFile(
      contentFile('news/77.md'),
      "---\ntitle: Added by hand\nlink: ''\nwhen_date: '2030-01-01'\n---\nNew.\n",
    );
    await eventually(
      async () => (await json('/api/news.php'))[0]?.title === 'Added by hand',
      2000,
      'new file',
    );
    await rm(contentFile('news/77.md'));
    await eventually(
      async () => !(await json('/api/news.php')).some((n: { id: string }) => n.id === '77'),
      2000,
      'removed file',
    );
  });
});

describe('a broken file', () => {
  it('is listed by /api/health while the last good version and the rest keep being served', async () => {
    const file = contentFile('news/3.md');
    const good = await readFile(file, 'utf8');
    const goodTitle = (await json('/api/news.php?id=3')).title;
    await writeFile(file, '---\ntitle: [unclosed\n---\n');
    const health = await eventually(
      async () => {
        const h = await json('/api/health');
        return h.ok === false ? h : null;
      },
      2000,
      'health to report the file',
    );
    expect(health.errors).toEqual([expect.objectContaining({ path: 'content/news/3.md' })]);
    expect((await json('/api/news.php?id=3')).title).toBe(goodTitle);
    expect((await json('/api/news.php')).length).toBeGreaterThan(1);
    expect((await fetch(`${site.url}/api/homepage.php`)).status).toBe(200);

    await writeFile(file, good.replace(/^link: .*$/m, 'link: javascript:alert(1)'));
    await eventually(
      async () => (await json('/api/health')).errors[0]?.fields?.link,
      2000,
      'invalid link reported',
    );
    await writeFile(file, good);
    await eventually(async () => (await json('/api/health')).ok === true, 2000, 'health to recover');
  });

  it('with JavaScript front matter is refused and never run', async () => {
    const marker = path.join(site.dataDir, 'pwned');
    await writeFile(
      contentFile('news/90.md'),
      `---js\n{ title: (require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'), globalThis.pwned = 1, 'ran') }\n---\nbody\n`,
    );
    const health = await eventually(
      async () => {
        const h = await json('/api/health');
        return h.errors.find((e: { path: string }) => e.path === 'content/news/90.md');
      },
      2000,
      'js file reported',
    );
    expect(health.error).toMatch(/JavaScript front matter is not allowed/);
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
    expect(await readdir(site.dataDir)).not.toContain('pwned');
    expect((await fetch(`${site.url}/api/news.php?id=90`)).status).toBe(404);
    await rm(contentFile('news/90.md'));
  });
});

describe('a content file that is a symbolic link, or a singleton whose file is gone', () => {
  const healthError = (rel: string) => async () => {
    const h = await json('/api/health');
    return h.ok === false && h.errors.find((e: { path: string }) => e.path === rel);
  };

  it('a link is listed by /api/health and never followed; the last good version stays online', async () => {
    const file = contentFile('site/footer.md');
    const good = await readFile(file, 'utf8');
    const served = (await json('/api/footer.php')).legal_notice;
    const elsewhere = path.join(site.dataDir, 'elsewhere.md');
    await writeFile(elsewhere, '---\n---\nText from outside the repository.\n');
    await rm(file);
    await symlink(elsewhere, file);
    const reported = await eventually(healthError('content/site/footer.md'), 2000, 'the link to be reported');
    expect(reported).toEqual({
      path: 'content/site/footer.md',
      error: 'This file is a symbolic link, which the site does not follow. Replace it with the file itself.',
    });
    expect((await json('/api/footer.php')).legal_notice).toBe(served);

    await rm(file);
    await writeFile(file, good);
    await eventually(async () => (await json('/api/health')).ok === true, 2000, 'health to recover');
  });

  it('a deleted singleton file is listed by /api/health; its last good version stays online', async () => {
    const served = (await json('/api/footer.php')).legal_notice;
    await rm(contentFile('site/footer.md'));
    const reported = await eventually(
      healthError('content/site/footer.md'),
      2000,
      'the missing file reported',
    );
    const error = 'This file is missing. Restore it (for example with git checkout).';
    expect(reported).toEqual({ path: 'content/site/footer.md', error });
    expect((await json('/api/footer.php')).legal_notice).toBe(served);

    site.git('checkout', '--', 'content/site/footer.md');
    await eventually(async () => (await json('/api/health')).ok === true, 2000, 'health to recover');
    expect((await json('/api/footer.php')).legal_notice).toBe(served);
  });

  it('both are reported on a start that finds them', async () => {
    const other = await startTestSite();
    const dataDir = other.dataDir;
    await other.close();
    const otherContent = (rel: string) => path.join(dataDir, 'site/content', rel);
    await rm(otherContent('site/footer.md'));
    await rm(otherContent('news/2.md'));
    await symlink(otherContent('news/1.md'), otherContent('news/2.md'));
    const again = await startTestSite({ dataDir });
    try {
      const health = await (await fetch(`${again.url}/api/health`)).json();
      expect(health.ok).toBe(false);
      expect(health.errors).toEqual([
        { path: 'content/news/2.md', error: expect.stringMatching(/symbolic link/) },
        { path: 'content/site/footer.md', error: expect.stringMatching(/missing/) },
      ]);
    } finally {
      await again.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the contact form (handle_form.php)', () => {
  const message = CONTACT_MESSAGE;

  it('refuses an incomplete message with "Please fill all fields" and keeps nothing', async () => {
    for (const missing of ['name', 'title', 'email', 'contact'] as const) {
      const res = await site.api('/api/handle_form.php', {
        method: 'POST',
        json: { ...message, [missing]: '  ' },
      });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error).toBe('Please fill all fields');
      expect(body.fields[missing]).toBe('Please fill all fields');
    }
    expect(
      await readdir(path.join(site.dataDir, 'private')).then((d) =>
        d.includes('messages') ? readdir(path.join(site.dataDir, 'private/messages')) : [],
      ),
    ).toEqual([]);
  });

  it('keeps a complete message (employer optional) under private/, never in the site repository', async () => {
    const res = await site.api('/api/handle_form.php', {
      method: 'POST',
      json: { ...message, employer: '' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe(true);
    const files = await readdir(path.join(site.dataDir, 'private/messages'));
    expect(files).toHaveLength(1);
    expect(await readFile(path.join(site.dataDir, 'private/messages', files[0]!), 'utf8')).toContain(
      'How do I join the Winter institute?',
    );
    expect(site.git('ls-files', '--others', '--cached').includes('messages')).toBe(false);
    expect(site.git('status', '--porcelain')).toBe('');
  });

  it('announces a new message on /api/stream to signed-in staff only', async () => {
    const cookie = await site.signIn();
    const staff = await openEventStream(`${site.url}/api/stream`, { cookie });
    const visitor = await openEventStream(`${site.url}/api/stream`);
    await staff.next();
    await visitor.next();
    expect((await site.api('/api/handle_form.php', { method: 'POST', json: message })).status).toBe(200);
    expect(JSON.parse((await staff.next()).data).endpoints).toEqual(['messages']);
    await expect(visitor.next(500)).rejects.toThrow(/No event/);
    staff.close();
    visitor.close();
    await site.signOut();
  });

  it('refuses bodies over 10 KB (413), foreign origins (403), and throttles per address (429)', async () => {
    const big = await site.api('/api/handle_form.php', {
      method: 'POST',
      json: { ...message, contact: 'x'.repeat(11_000) },
    });
    expect(big.status).toBe(413);
    const foreign = await site.api('/api/handle_form.php', {
      method: 'POST',
      json: message,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    let last = 0;
    for (let i = 0; i < 6 && last !== 429; i++)
      last = (await site.api('/api/handle_form.php', { method: 'POST', json: message })).status;
    expect(last).toBe(429);
  });
});

describe('the first admin user', () => {
  it('gets a generated password printed once, on the start that creates it, and never stored in clear', async () => {
    const { vi } = await import('vitest');
    const { mkdtemp, readFile: read, rm: remove } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cms-first-'));
    const printed: string[] = [];
    const spy = vi
      .spyOn(console, 'log')
      .mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    try {
      const first = await startTestSite({
        dataDir,
        adminPassword: undefined as never,
        adminUsername: undefined as never,
      });
      await first.close();
      const shown = printed.join('\n');
      const password = /password: (\S+)/.exec(shown)?.[1];
      expect(password).toMatch(/^[\w-]{20,}$/);
      expect(await read(path.join(dataDir, 'private/users.json'), 'utf8')).not.toContain(password!);
      const again = await startTestSite({
        dataDir,
        adminPassword: undefined as never,
        adminUsername: undefined as never,
      });
      expect(await again.signIn('admin', password)).toContain('cms_session');
      await again.close();
      expect(printed.join('\n').match(/password: /g)).toHaveLength(1);
    } finally {
      spy.mockRestore();
      await remove(dataDir, { recursive: true, force: true });
    }
  });
});
