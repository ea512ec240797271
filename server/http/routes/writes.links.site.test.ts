// DESIGN decision 12, on every kind of link the admin saves (banner, button, event card, news,
// resource, settings): '/page' stays relative, a scheme is kept, a bare host gets https://, and any
// other scheme, or a link a browser would read as another site, is refused with 400 and nothing written.
import * as yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import {
  addEditorAndSignIn,
  answer,
  commitCount,
  expectNoCommit,
  form,
  getOne,
  git,
  list,
} from './writesTestKit.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await addEditorAndSignIn(site);
});
afterAll(async () => {
  await site?.stop();
});

const KEPT_OR_NORMALISED: [string, string][] = [
  ['/page', '/page'],
  ['/summerOfCS#dates', '/summerOfCS#dates'],
  ['example.org/x', 'https://example.org/x'],
  ['  example.org/x  ', 'https://example.org/x'],
  ['www.example.org', 'https://www.example.org'],
  ['https://example.org/a?b=c', 'https://example.org/a?b=c'],
  ['http://example.org/', 'http://example.org/'],
  ['mailto:info@example.org', 'mailto:info@example.org'],
];
const REFUSED = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x',
  'file:///etc/passwd',
  // Browsers drop the tab and read a backslash as a slash: both are //evil.example, another site.
  '/\t/evil.example',
  '/\\evil.example',
  'https://exa mple.org',
];

interface LinkTarget {
  name: string;
  /** Saves `link` and returns the answer. */
  save(link: string): Promise<{ status: number; body: Record<string, unknown> }>;
  /** The stored value as the next GET reads it. */
  read(): Promise<unknown>;
  field: string;
  file: string;
}

let bannerId = '';
let cardId = '';
const TARGETS: LinkTarget[] = [
  {
    name: 'banner link (get_headder.php)',
    field: 'banner_link',
    file: 'content/banners/1.md',
    save: (link) =>
      answer(site.api('/api/get_headder.php?id=1', { method: 'PUT', json: { banner_link: link } })),
    read: async () => (await list(site, 'get_headder.php')).find((b) => b.id === '1')?.banner_link,
  },
  {
    name: 'new banner (POST get_headder.php)',
    field: 'banner_link',
    file: '',
    save: async (link) => {
      const a = await answer(
        site.api('/api/get_headder.php', {
          method: 'POST',
          json: { banner_text: 'Linked', banner_link: link },
        }),
      );
      if (a.status === 201) bannerId = String(a.body.id);
      return a;
    },
    read: async () => (await list(site, 'get_headder.php')).find((b) => b.id === bannerId)?.banner_link,
  },
  {
    name: 'educator button (resources_button.php)',
    field: 'link',
    file: 'content/site/educator-button.md',
    save: (link) =>
      answer(site.api('/api/resources_button.php', { method: 'PUT', json: { text: 'Go', link } })),
    read: async () => (await getOne(site, 'resources_button.php')).link,
  },
  {
    name: 'event card apply link (events.php)',
    field: 'apply_link',
    file: '',
    save: async (link) => {
      const a = await answer(
        site.api(cardId ? `/api/events.php?id=${cardId}` : '/api/events.php', {
          method: cardId ? 'PUT' : 'POST',
          json: { title: 'Linked card', apply_link: link },
        }),
      );
      if (a.status === 201) cardId = String(a.body.id);
      return a;
    },
    read: async () => (await list(site, 'events.php')).find((c) => c.id === cardId)?.apply_link,
  },
  {
    name: 'resource link (multipart resources.php)',
    field: 'url_link',
    file: 'content/resources/1.md',
    save: (link) =>
      answer(
        site.api('/api/resources.php', {
          method: 'POST',
          body: form({ id: '1', resource_name: 'Code.org', url_link: link }),
        }),
      ),
    read: async () => (await list(site, 'resources.php')).find((r) => r.id === '1')?.url_link,
  },
  {
    name: 'dashboard address (globals.php)',
    field: 'dashboard_url',
    file: 'content/site/settings.md',
    save: (link) => answer(site.api('/api/globals.php', { method: 'PUT', json: { dashboard_url: link } })),
    read: async () => (await getOne(site, 'globals.php')).dashboard_url,
  },
];

describe.each(TARGETS.map((t) => [t.name, t] as const))('%s', (_name, t) => {
  it.each(KEPT_OR_NORMALISED)('%j is saved as %j', async (sent, stored) => {
    const res = await t.save(sent);
    expect(res.status).toBeLessThan(300);
    expect(res.body[t.field]).toBe(stored);
    expect(await t.read()).toBe(stored);
    const file =
      t.file ||
      (t.field === 'banner_link' ? `content/banners/${bannerId}.md` : `content/event-cards/${cardId}.md`);
    const front = yaml.load(/^---\n([\s\S]*?)\n---/.exec(git(site, 'show', `HEAD:${file}`))![1]!) as Record<
      string,
      unknown
    >;
    expect(front[t.field]).toBe(stored);
  });

  it.each(REFUSED)('%j is refused with 400 and nothing is written', async (sent) => {
    const before = commitCount(site);
    const current = await t.read();
    const res = await t.save(sent);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object)).toEqual([t.field]);
    expect(String((res.body.fields as Record<string, string>)[t.field])).toMatch(
      /must be a web address \(https:\/\/…\), an email link \(mailto:…\) or a page of this site \(\/…\)$/,
    );
    expectNoCommit(site, before);
    expect(await t.read()).toBe(current);
  });
});

it('a javascript: link inside markdown text is stored as text (the renderer sanitises it), not as a link field', async () => {
  // Markdown bodies are not link fields: they are kept verbatim and made safe when rendered.
  const res = await answer(
    site.api('/api/news.php', {
      method: 'POST',
      json: { title: 'Markdown link', what: '[x](javascript:alert(1))' },
    }),
  );
  expect(res.status).toBe(201);
  expect(res.body.what).toBe('[x](javascript:alert(1))');
});
