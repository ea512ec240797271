// Staff's pages and the menus over HTTP on a real site (issue 34; real git, the git CLI to check):
// every kind of section saved and read back, bad ones refused by their place (sections.2.items.0.link),
// the limits, the address rules (form, collisions, nesting), a rename that leaves redirects in the same
// commit and takes its sub-pages along, drafts and roles, the menus' shape and checks, and a page in
// search, the sitemap and the media library's uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { MAX_SECTIONS, SECTION_TYPES } from '../../schema/pages/sections.ts';
import { MAX_ADDRESS_PARTS } from '../../schema/pages/pageAddress.ts';
import type { MediaFileView, MediaPage } from '../../media/mediaLibrary.ts';
import {
  addEditorAndSignIn,
  answer,
  commitCount,
  expectClean,
  expectNoCommit,
  expectOneCommit,
  git,
  png,
} from './writesTestKit.ts';
import { addPage, everySection, pageInput, STARTER_PICTURE } from './pagesTestKit.ts';

let site: TestSite;
let author: { name: string; email: string };
const CONTRIBUTOR = { username: 'cora', password: 'cora-password-1', role: 'contributor' as const };
let contributorCookie = '';

beforeAll(async () => {
  site = await startTestSite();
  await site.deps.users.add(CONTRIBUTOR);
  const res = await site.api('/api/login.php', {
    method: 'POST',
    json: { username: CONTRIBUTOR.username, password: CONTRIBUTOR.password },
  });
  expect(res.status).toBe(200);
  contributorCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  author = await addEditorAndSignIn(site);
});
afterAll(async () => {
  await site?.stop();
});

type Body = Record<string, unknown>;
const post = (json: Body, query = '', cookie?: string) =>
  answer(
    site.api(`/api/pages?shape=typed&media=url${query}`, {
      method: 'POST',
      json,
      ...(cookie ? { headers: { cookie } } : {}),
    }),
  );
const put = (id: string, json: Body, query = '') =>
  answer(site.api(`/api/pages?id=${id}&shape=typed&media=url${query}`, { method: 'PUT', json }));
/** The page at an address, as the public site asks for it (signed out): undefined when none. */
const pageAt = async (path: string, query = ''): Promise<Body | undefined> => {
  const res = await fetch(`${site.url}/api/pages?path=${path}&shape=typed&media=url${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Body[])[0];
};
/** A signed-out visitor's GET, redirects not followed. */
const visit = (path: string) => fetch(site.url + path, { redirect: 'manual' });
const pageFile = (id: string) => `content/pages/${id}.md`;
/** The Redirects page's lines as committed (below its front matter). */
const redirectLines = (rev = 'HEAD') =>
  git(site, 'show', `${rev}:content/site/redirects.md`).split('\n---\n').slice(1).join('\n---\n').split('\n');

/** A refused page save: 400, nothing committed, the field's message. */
async function refused(json: Body, field: string): Promise<string> {
  const before = commitCount(site);
  const res = await post(json);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const fields = res.body.fields as Record<string, string>;
  expect(Object.keys(fields), JSON.stringify(fields)).toContain(field);
  expect(typeof res.body.error).toBe('string');
  expect(Object.values(fields)).toContain(res.body.error);
  expectNoCommit(site, before);
  return fields[field]!;
}

describe('sections', () => {
  it('saves a page with a section of every kind: one commit, readable front matter, read back as sent', async () => {
    expect(new Set(everySection().map((s) => s.type))).toEqual(new Set(Object.keys(SECTION_TYPES)));
    const before = commitCount(site);
    const res = await post(pageInput({ path: '/every-section' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = String(res.body.id);
    expectOneCommit(site, before, {
      author,
      message: `pages: create ${id} "Summer of CS camp"`,
      files: { [pageFile(id)]: 'A' },
    });
    // Readable in git: markdown as block scalars, one section after another, as staff wrote them.
    const file = git(site, 'show', `HEAD:${pageFile(id)}`);
    expect(file).toContain('path: /every-section\n');
    expect(file).toContain('  - type: text\n    body: |-\n      ## Who it is for\n\n      Teachers new');
    expect(file).toContain(`  - type: image\n    image: ${STARTER_PICTURE}\n`);
    expect(file).not.toMatch(/\\n/);
    // Read back by its address: what was sent, each kind's parts filled in, the picture an address.
    const read = await pageAt('/every-section');
    expect(read).toMatchObject({ id, title: 'Summer of CS camp', path: '/every-section' });
    const sections = read!.sections as Body[];
    expect(sections.map((s) => s.type)).toEqual(everySection().map((s) => s.type));
    for (const [i, sent] of everySection().entries()) {
      const { image, ...rest } = sent;
      expect(sections[i], String(sent.type)).toMatchObject(rest);
      for (const key of Object.keys(SECTION_TYPES[sent.type as keyof typeof SECTION_TYPES].fields))
        expect(sections[i], `${String(sent.type)}.${key}`).toHaveProperty(key);
      if (image) expect(sections[i]!.image).toMatch(new RegExp(`^/${STARTER_PICTURE}\\?v=[0-9a-f]{12}$`));
    }
    // The same page with every section in the documented wire read: JSON, an address asked for.
    const wire = (await (await fetch(`${site.url}/api/pages?media=url`)).json()) as Body[];
    expect(wire.find((p) => p.id === id)).toEqual(read);
  });

  const LINK = 'Link must be a web address (https://…), an email link (mailto:…) or a page of this site (/…)';
  const fine = { type: 'text', body: 'Fine.' };
  it.each([
    [
      'a button link that is not an address, in the third section',
      [fine, fine, { type: 'buttons', items: [{ label: 'Go', link: 'javascript:alert(1)' }] }],
      'sections.2.items.0.link',
      `Section 3 (Buttons), button 1: ${LINK}`,
    ],
    [
      'a kind there is not',
      [{ type: 'carousel' }],
      'sections.0.type',
      /^Section 1: the kind must be one of text, image, buttons, cards, list, people, faq, video$/,
    ],
    [
      'a text without its text',
      [{ type: 'text', body: '  ' }],
      'sections.0.body',
      /^Section 1 \(Text\): Text is required$/,
    ],
    [
      'a part the kind does not have',
      [{ type: 'text', body: 'x', colour: 'red' }],
      'sections.0.colour',
      /there is no field "colour"/,
    ],
    [
      'a picture section without a picture',
      [{ type: 'image', alt: 'x' }],
      'sections.0.image',
      /^Section 1 \(Picture\): Picture is required$/,
    ],
    [
      'a card without a title',
      [{ type: 'cards', items: [{ title: '', link: '/news' }] }],
      'sections.0.items.0.title',
      /^Section 1 \(Cards\), card 1: Title is required$/,
    ],
    [
      'a list of something the site does not list',
      [{ type: 'list', source: 'gossip', count: 3 }],
      'sections.0.source',
      /^Section 1 \(Latest from the site\): /,
    ],
    [
      'a list of too many',
      [{ type: 'list', source: 'news', count: 99 }],
      'sections.0.count',
      /How many must be a whole number from 1 to 12/,
    ],
    [
      'a person who is not a profile',
      [{ type: 'people', profiles: ['1', 'Dana'] }],
      'sections.0.profiles.1',
      /person 2: Person must be a profile/,
    ],
    [
      'a question without an answer',
      [{ type: 'faq', items: [{ question: 'Free?', answer: '' }] }],
      'sections.0.items.0.answer',
      /^Section 1 \(Questions and answers\), question 1: Answer is required$/,
    ],
    [
      'a video that is not YouTube or Vimeo',
      [{ type: 'video', url: 'https://example.org/clip.mp4', title: 'Clip' }],
      'sections.0.url',
      /must be a YouTube or Vimeo video/,
    ],
    [
      'a video without a title',
      [{ type: 'video', url: 'https://vimeo.com/76979871', title: '' }],
      'sections.0.title',
      /Video title is required/,
    ],
    [
      'a section that is not a set of fields',
      ['just words'],
      'sections.0',
      /^Section 1 must be a set of fields$/,
    ],
  ])('refuses %s: 400 naming the section and the part', async (_what, sections, field, message) => {
    const said = await refused({ title: 'Bad', path: '/bad', sections }, field);
    if (typeof message === 'string') expect(said).toBe(message);
    else expect(said).toMatch(message);
  });

  it('keeps to the limits: sections, buttons, cards, and the parts a page must have', async () => {
    const many = Array.from({ length: MAX_SECTIONS + 1 }, () => fine);
    expect(await refused({ title: 'Long', path: '/long', sections: many }, 'sections')).toBe(
      `Sections: at most ${MAX_SECTIONS} sections; remove 1`,
    );
    const ok = await post({ title: 'Just long enough', path: '/long', sections: many.slice(1) });
    expect(ok.status).toBe(201);
    const five = Array.from({ length: 5 }, (_, i) => ({ label: `Button ${i + 1}`, link: '/news' }));
    expect(
      await refused(
        { title: 'Buttons', path: '/buttons', sections: [{ type: 'buttons', items: five }] },
        'sections.0.items',
      ),
    ).toBe('Section 1 (Buttons): Buttons: at most 4 buttons; remove 1');
    expect(
      await refused(
        { title: 'Buttons', path: '/buttons', sections: [{ type: 'buttons', items: [] }] },
        'sections.0.items',
      ),
    ).toMatch(/add at least 1 button/);
    expect(await refused({ path: '/untitled', sections: [] }, 'title')).toBe('Title is required');
    expect(await refused({ title: 'Nowhere', sections: [] }, 'path')).toBe('Address is required');
    expect(await refused({ title: 'Not a list', path: '/x', sections: 'text' }, 'sections')).toBe(
      'Sections must be a list',
    );
  });
});

describe('addresses', () => {
  it.each([
    ['/Summer-Camp', /lower case letters, digits and hyphens/],
    ['/summer camp', /lower case letters, digits and hyphens/],
    ['/summer_camp', /lower case letters, digits and hyphens/],
    ['/a/b/c/d', new RegExp(`at most ${MAX_ADDRESS_PARTS} parts`)],
    ['/', /^Address is required$/],
    ['//', /^Address is required$/],
    ['/a//b', /lower case letters, digits and hyphens/],
    ['/api/pages', /already has an address starting \/api/],
    ['/media/x', /already has an address starting \/media/],
    ['/news', /already has an address starting \/news/],
    ['/news/more', /already has an address starting \/news/],
    [`/${'x'.repeat(61)}`, /at most 60 characters/],
  ])('refuses %s beside the address field', async (path, message) => {
    expect(await refused({ title: 'Somewhere', path, sections: [] }, 'path')).toMatch(message);
  });

  it('tidies what staff type: a slash in front, none at the end, spaces around', async () => {
    const res = await post({ title: 'Tidy', path: '  tidy-page/ ', sections: [] });
    expect(res.status).toBe(201);
    expect(res.body.path).toBe('/tidy-page');
  });

  it('refuses an address the site answers already: an event page, another page, a redirect', async () => {
    expect(await refused({ title: 'Winter', path: '/winterofcs', sections: [] }, 'path')).toMatch(
      /already has a page at \/winterofcs/,
    );
    const first = await post({ title: 'Donate', path: '/donate', sections: [] });
    expect(first.status).toBe(201);
    expect(await refused({ title: 'Give', path: '/donate', sections: [] }, 'path')).toBe(
      'The page “Donate” is already at /donate. Choose another address.',
    );
    // Renaming another page onto it is refused the same way.
    const other = await post({ title: 'Give', path: '/give', sections: [] });
    const before = commitCount(site);
    const moved = await put(String(other.body.id), { title: 'Give', path: '/donate', sections: [] });
    expect(moved.status).toBe(400);
    expect((moved.body.fields as Record<string, string>).path).toMatch(/“Donate” is already at \/donate/);
    expectNoCommit(site, before);
    // An old address the Redirects page sends on.
    const rules = await site.api('/api/redirects.php', { method: 'PUT', json: { rules: '/old-camp /news' } });
    expect(rules.status).toBe(200);
    expect(await refused({ title: 'Camp', path: '/old-camp', sections: [] }, 'path')).toBe(
      '/old-camp is an old address that the Redirects page sends on to /news. Choose another address, or remove that redirect first.',
    );
  });

  it('puts a page under another only when that page exists', async () => {
    expect(await refused({ title: 'Camp', path: '/programs/camp', sections: [] }, 'path')).toBe(
      'There is no page at /programs to put this page under. Make that page first, or choose another address.',
    );
    await addPage(site, { title: 'Programs', path: '/programs', sections: [] });
    const nested = await post({ title: 'Camp', path: '/programs/camp', sections: [] });
    expect(nested.status).toBe(201);
    const deeper = await post({ title: 'Week 1', path: '/programs/camp/week-1', sections: [] });
    expect(deeper.status).toBe(201);
    expect(await pageAt('/programs/camp/week-1')).toMatchObject({ title: 'Week 1' });
  });
});

describe('renaming a page', () => {
  it('leaves a redirect in the same commit, takes its sub-pages along, and can go back', async () => {
    const parent = await addPage(site, { title: 'Grants', path: '/grants', sections: [] });
    const child = await addPage(site, { title: 'Apply', path: '/grants/apply', sections: [] });
    const [p, c] = [String(parent.id), String(child.id)];
    const before = commitCount(site);
    const res = await put(p, { title: 'Grants', path: '/funding', sections: [] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.carried).toEqual({ pages: [c], redirects: ['1'] });
    expect(res.body.message).toBe(
      'Updated successfully! 1 page under it moved along. Visitors to the 2 old addresses are sent on to the new ones.',
    );
    expectOneCommit(site, before, {
      author,
      message: `pages: update ${p} "Grants"`,
      files: { [pageFile(p)]: 'M', [pageFile(c)]: 'M', 'content/site/redirects.md': 'M' },
    });
    // What a maintainer sees with plain git.
    const stat = git(site, 'show', '--stat', '--format=', 'HEAD');
    for (const f of [pageFile(p), pageFile(c), 'content/site/redirects.md']) expect(stat).toContain(f);
    const rules = git(site, 'show', 'HEAD:content/site/redirects.md').split('\n');
    expect(rules).toContain('/grants /funding');
    expect(rules).toContain('/grants/apply /funding/apply');
    expect(await pageAt('/funding/apply')).toMatchObject({ id: c, title: 'Apply' });
    expect(await pageAt('/grants')).toBeUndefined();
    // The old addresses answer 301 to the new ones.
    for (const [from, to] of [
      ['/grants', '/funding'],
      ['/grants/apply', '/funding/apply'],
    ] as const) {
      const r = await visit(from);
      expect([from, r.status, r.headers.get('location')]).toEqual([from, 301, to]);
    }

    // Back again: the redirects that pointed the other way go, none leads in a circle.
    const back = await put(p, { title: 'Grants', path: '/grants', sections: [] });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const now = git(site, 'show', 'HEAD:content/site/redirects.md').split('\n');
    expect(now).toContain('/funding /grants');
    expect(now).toContain('/funding/apply /grants/apply');
    expect(now.filter((l) => l.startsWith('/grants'))).toEqual([]);
    expect(await pageAt('/grants/apply')).toMatchObject({ id: c });
    expect((await visit('/grants')).status).not.toBe(301);
    const r = await visit('/funding/apply');
    expect([r.status, r.headers.get('location')]).toEqual([301, '/grants/apply']);
    expectClean(site);
  });

  it('keeps the rest of the Redirects page as it was, notes and all', async () => {
    const rules = '# Kept by hand\n/old-home /\n/very-old /funding';
    expect((await site.api('/api/redirects.php', { method: 'PUT', json: { rules } })).status).toBe(200);
    const page = await addPage(site, { title: 'Funding', path: '/funding-2', sections: [] });
    expect((await put(String(page.id), { title: 'Funding', path: '/support', sections: [] })).status).toBe(
      200,
    );
    expect(redirectLines()).toEqual([
      '# Kept by hand',
      '/old-home /',
      '/very-old /funding',
      '/funding-2 /support',
    ]);
  });
});

describe('pages in drafts and by role', () => {
  const newDraft = async (title: string, cookie?: string) => {
    const res = await answer(
      site.api('/api/drafts', {
        method: 'POST',
        json: { title },
        ...(cookie ? { headers: { cookie } } : {}),
      }),
    );
    expect(res.status).toBe(201);
    return String(res.body.id);
  };

  it('saves ?draft=ID into the draft only: main, the live reads and the sitemap untouched', async () => {
    const draft = await newDraft('A new landing page');
    const head = git(site, 'rev-parse', 'HEAD');
    const made = await post(pageInput({ path: '/landing' }), `&draft=${draft}`);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(git(site, 'rev-parse', 'HEAD')).toBe(head);
    expectClean(site);
    expect(git(site, 'log', '-1', '--format=%s', `refs/drafts/${draft}`)).toBe(
      `pages: create ${String(made.body.id)} "Summer of CS camp"`,
    );
    expect(await pageAt('/landing')).toBeUndefined();
    expect(await (await fetch(`${site.url}/sitemap.xml`)).text()).not.toContain('/landing<');
    // Staff reading the draft see it.
    const inDraft = await site.api(`/api/pages?path=/landing&draft=${draft}&shape=typed`);
    expect(((await inDraft.json()) as Body[])[0]).toMatchObject({ path: '/landing' });
    // A rename inside the draft writes the draft's redirects, not main's.
    const renamed = await put(String(made.body.id), pageInput({ path: '/landing-2026' }), `&draft=${draft}`);
    expect(renamed.status).toBe(200);
    expect(git(site, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(site, 'show', `refs/drafts/${draft}:content/site/redirects.md`)).toContain(
      '/landing /landing-2026',
    );
  });

  it('lets a contributor make a page in a draft but not on the live site', async () => {
    const before = commitCount(site);
    const live = await post(pageInput({ path: '/cora' }), '', contributorCookie);
    expect(live.status).toBe(403);
    expect(live.body.error).toMatch(/^Only editors and admins can change the live site/);
    expectNoCommit(site, before);
    const draft = await newDraft('Cora’s page', contributorCookie);
    const inDraft = await post(pageInput({ path: '/cora' }), `&draft=${draft}`, contributorCookie);
    expect(inDraft.status).toBe(201);
    expectNoCommit(site, before);
  });
});

describe('menus', () => {
  it('GET /api/navigation answers {header: [{label, link, children}], footer: [{label, link}]}', async () => {
    for (const query of ['', '?shape=typed']) {
      const menu = (await (await fetch(`${site.url}/api/navigation${query}`)).json()) as {
        header: { label: unknown; link: unknown; children: { label: unknown; link: unknown }[] }[];
        footer: { label: unknown; link: unknown }[];
      };
      expect(menu.header.length).toBeGreaterThan(0);
      for (const item of menu.header) {
        expect(item).toMatchObject({ label: expect.any(String), link: expect.any(String) });
        expect(Array.isArray(item.children)).toBe(true);
        for (const child of item.children) expect(Object.keys(child).sort()).toEqual(['label', 'link']);
      }
      for (const link of menu.footer) expect(Object.keys(link).sort()).toEqual(['label', 'link']);
      // The starter's menu is today's: a dropdown of two, and the footer's six links.
      expect(menu.header.find((i) => i.label === 'RESEARCH & POLICY')?.children).toEqual([
        { label: 'RESEARCH', link: '/research' },
        { label: 'POLICY', link: '/researchAndPolicy' },
      ]);
      expect(menu.footer).toHaveLength(6);
    }
  });

  const menu = (extra: Body[] = []) => ({
    header: [
      { label: 'HOME', link: '/' },
      { label: 'PROGRAMS', link: '/programs', children: [{ label: 'Camp', link: '/programs/camp' }] },
      ...extra,
    ],
    footer: [{ label: 'News', link: '/news' }],
  });
  const putMenu = (json: Body, query = '', cookie?: string) =>
    answer(
      site.api(`/api/navigation?shape=typed${query}`, {
        method: 'PUT',
        json,
        ...(cookie ? { headers: { cookie } } : {}),
      }),
    );

  it('PUT /api/navigation: editors save it in one commit; a contributor only into a draft', async () => {
    let before = commitCount(site);
    const saved = await putMenu(menu());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.warnings).toBeUndefined(); // both pages exist
    expectOneCommit(site, before, {
      author,
      message: 'navigation: update',
      files: { 'content/site/navigation.md': 'M' },
    });
    expect(git(site, 'show', 'HEAD:content/site/navigation.md')).toContain(
      '  - label: PROGRAMS\n    link: /programs\n    children:\n      - label: Camp\n        link: /programs/camp\n',
    );
    before = commitCount(site);
    const live = await putMenu(menu([{ label: 'CORA', link: '/news' }]), '', contributorCookie);
    expect(live.status).toBe(403);
    expectNoCommit(site, before);
    const draft = await answer(
      site.api('/api/drafts', {
        method: 'POST',
        json: { title: 'Menu' },
        headers: { cookie: contributorCookie },
      }),
    );
    const inDraft = await putMenu(
      menu([{ label: 'CORA', link: '/news' }]),
      `&draft=${String(draft.body.id)}`,
      contributorCookie,
    );
    expect(inDraft.status).toBe(200);
    expectNoCommit(site, before);
  });

  it('refuses a bad link, a dropdown of dropdowns and an item that leads nowhere, by their place', async () => {
    const before = commitCount(site);
    const bad = await putMenu(menu([{ label: 'EVIL', link: 'javascript:alert(1)' }]));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      'header.2.link':
        'Menu item 3: Link must be a web address (https://…), an email link (mailto:…) or a page of this site (/…)',
    });
    const first = await putMenu({ ...menu(), header: [{ label: 'HOME', link: 'javascript:x' }] });
    expect(Object.keys(first.body.fields as Body)).toEqual(['header.0.link']);
    const nested = await putMenu(
      menu([{ label: 'MORE', children: [{ label: 'Deeper', link: '/news', children: [] }] }]),
    );
    expect(nested.status).toBe(400);
    expect(Object.keys(nested.body.fields as Body)).toEqual(['header.2.children.0.children']);
    const nowhere = await putMenu(menu([{ label: 'NOWHERE' }]));
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.fields).toEqual({
      'header.2.link': 'Menu item 3 (NOWHERE): give it a link, or links in its dropdown.',
    });
    const empty = await putMenu({ header: [], footer: [] });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields as Body)).toEqual(['header']);
    expectNoCommit(site, before);
  });

  it('saves a link to a page the site does not have, with a warning beside it', async () => {
    const before = commitCount(site);
    const res = await putMenu(menu([{ label: 'CAREERS', link: '/careers' }]));
    expect(res.status).toBe(200);
    expect(res.body.warnings).toEqual([
      { field: 'header.2.link', message: expect.stringContaining('/careers') },
    ]);
    expect(commitCount(site)).toBe(before + 1);
    // The Content checks page lists it too, by the menu item's place.
    const checks = await answer(site.api('/api/admin/content-checks'));
    expect(JSON.stringify(checks.body)).toContain('header.2.link');
  });
});

describe('content checks on sections', () => {
  it('refuses a picture the site does not have, and one nobody described', async () => {
    const missing = await refused(
      {
        title: 'Pictures',
        path: '/pictures',
        sections: [{ type: 'image', image: 'media/library/nope-000000.jpg', alt: 'x' }],
      },
      'sections.0.image',
    );
    expect(missing).toMatch(/\/media\/library\/nope-000000\.jpg” is a file this site does not have/);
    // No description in the section nor in the library: refused beside the description.
    const undescribed = await refused(
      { title: 'Pictures', path: '/pictures', sections: [{ type: 'image', image: STARTER_PICTURE }] },
      'sections.0.alt',
    );
    expect(undescribed).toMatch(/Describe the picture/);
  });

  it('warns of a button that leads to a page the site does not have, and saves', async () => {
    const res = await post({
      title: 'Warned',
      path: '/warned',
      sections: [fineText(), { type: 'buttons', items: [{ label: 'Careers', link: '/careers' }] }],
    });
    expect(res.status).toBe(201);
    expect(res.body.warnings).toEqual([
      { field: 'sections.1.items.0.link', message: expect.stringContaining('/careers') },
    ]);
  });
});

const fineText = () => ({ type: 'text', body: 'Fine.' });

describe('a page everywhere a page should be', () => {
  it('is found by words in its sections, listed in the sitemap and in page_paths', async () => {
    await addPage(site, {
      title: 'Careers',
      path: '/careers',
      summary: 'Work with us.',
      sections: [
        {
          type: 'faq',
          items: [{ question: 'Do you hire?', answer: 'We hire **curriculum** zebrafinches.' }],
        },
      ],
    });
    const found = (await (await fetch(`${site.url}/api/search?q=zebrafinches`)).json()) as {
      results: { entity: string; href: string; title: { text: string }[] }[];
    };
    expect(found.results).toEqual([
      expect.objectContaining({ entity: 'pages', href: '/careers', title: [{ text: 'Careers' }] }),
    ]);
    expect(await (await fetch(`${site.url}/sitemap.xml`)).text()).toContain(`<loc>${site.url}/careers</loc>`);
    expect(await (await fetch(`${site.url}/api/page_paths`)).json()).toContain('/careers');
  });

  it('counts a page’s picture as a use in the media library, which keeps the file from being deleted', async () => {
    const fd = new FormData();
    fd.append('files', new Blob([new Uint8Array(png('camp photo'))]), 'Camp Photo.png');
    const up = await site.api('/api/media', { method: 'POST', body: fd });
    expect(up.status).toBe(201);
    const [made] = ((await up.json()) as { items: MediaFileView[] }).items;
    const page = await addPage(site, {
      title: 'Camp photos',
      path: '/camp-photos',
      sections: [fineText(), { type: 'image', image: made!.path, alt: 'Teachers at the camp' }],
    });
    const listed = (await (await site.api('/api/media?per=100&shared=1')).json()) as MediaPage;
    expect(listed.items.find((f) => f.path === made!.path)?.usedBy).toEqual([
      {
        entity: 'pages',
        id: String(page.id),
        field: 'sections.1.image',
        title: 'Camp photos',
        label: 'Pages',
      },
    ]);
    const byItem = (await (await site.api(`/api/media?item=pages:${String(page.id)}`)).json()) as MediaPage;
    expect(byItem.items.map((f) => f.path)).toEqual([made!.path]);
    const before = commitCount(site);
    const refusedDelete = await site.api(`/api/media?path=${made!.path}`, { method: 'DELETE' });
    expect(refusedDelete.status).toBe(409);
    const body = (await refusedDelete.json()) as { error: string; usedBy: unknown[] };
    expect(body.error).toMatch(/Pages “Camp photos”/);
    expect(body.usedBy).toHaveLength(1);
    expectNoCommit(site, before);
    // Once the page lets it go, it can be deleted.
    expect(
      (await put(String(page.id), { title: 'Camp photos', path: '/camp-photos', sections: [fineText()] }))
        .status,
    ).toBe(200);
    expect((await site.api(`/api/media?path=${made!.path}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('deletes a page in one commit; its address then answers nothing', async () => {
    const page = await addPage(site, { title: 'Short-lived', path: '/short-lived', sections: [] });
    const before = commitCount(site);
    const res = await answer(site.api(`/api/pages?id=${String(page.id)}`, { method: 'DELETE' }));
    expect(res.status).toBe(200);
    expectOneCommit(site, before, {
      author,
      message: `pages: delete ${String(page.id)} "Short-lived"`,
      files: { [pageFile(String(page.id))]: 'D' },
    });
    expect(await pageAt('/short-lived')).toBeUndefined();
    expect(await (await fetch(`${site.url}/api/page_paths`)).json()).not.toContain('/short-lived');
  });
});

describe('GET /api/pages/links: what leads to a page', () => {
  type Links = { path: string; links: Record<string, unknown>[] };
  const linksOf = async (id: string, query = '') => {
    const res = await answer(site.api(`/api/pages/links?id=${id}${query}`));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as Links;
  };

  it('lists menu items, other items’ links and markdown, and redirects that point at its address', async () => {
    const target = String(
      (await addPage(site, { title: 'Scholarships', path: '/scholarships', sections: [] })).id,
    );
    expect(await linksOf(target)).toEqual({ path: '/scholarships', links: [] });
    const menu = await answer(
      site.api('/api/navigation', {
        method: 'PUT',
        json: {
          header: [
            { label: 'HOME', link: '/' },
            {
              label: 'MONEY',
              link: '/scholarships',
              children: [{ label: 'How to apply', link: '/Scholarships/' }],
            },
          ],
          footer: [{ label: 'Scholarships', link: '/scholarships#apply' }],
        },
      }),
    );
    expect(menu.status).toBe(200);
    const other = String(
      (
        await addPage(site, {
          title: 'Students',
          path: '/students',
          sections: [
            { type: 'buttons', items: [{ label: 'See scholarships', link: '/scholarships?from=students' }] },
            { type: 'text', body: 'Read [about the money](/scholarships) or [the news](/news).' },
          ],
        })
      ).id,
    );
    const news = await answer(
      site.api('/api/news.php?shape=typed', {
        method: 'POST',
        json: {
          title: 'Scholarships open',
          what: 'Apply on [our page](/scholarships).',
          when_date: '2026-03-01',
        },
      }),
    );
    expect(news.status).toBe(201);
    const newsId = String(news.body.id);
    const rules = await site.api('/api/redirects.php', {
      method: 'PUT',
      json: { rules: '/money /scholarships\n/grants-2020 gone /scholarships\n/unrelated /news' },
    });
    expect(rules.status).toBe(200);
    // A page linking to itself is no reason to keep it.
    expect(
      (
        await put(target, {
          title: 'Scholarships',
          path: '/scholarships',
          sections: [{ type: 'text', body: '[Top](/scholarships)' }],
        })
      ).status,
    ).toBe(200);

    const { path, links } = await linksOf(target);
    expect(path).toBe('/scholarships');
    const menus = { entity: 'navigation', id: '1', title: 'Menus' };
    expect(links).toHaveLength(8);
    expect(links).toEqual(
      expect.arrayContaining([
        { ...menus, label: 'Link', field: 'header.1.link', words: 'MONEY' },
        { ...menus, label: 'Link', field: 'header.1.children.0.link', words: 'How to apply' },
        { ...menus, label: 'Link', field: 'footer.0.link', words: 'Scholarships' },
        {
          entity: 'pages',
          id: other,
          title: 'Students',
          label: 'Link',
          field: 'sections.0.items.0.link',
          words: 'See scholarships',
        },
        {
          entity: 'pages',
          id: other,
          title: 'Students',
          label: 'Text',
          field: 'sections.1.body',
          words: 'about the money',
        },
        {
          entity: 'news',
          id: newsId,
          title: 'Scholarships open',
          label: expect.any(String),
          field: 'what',
          words: 'our page',
        },
        {
          entity: 'redirects',
          id: '1',
          title: 'Redirects',
          label: expect.any(String),
          field: 'rules',
          words: '/money',
        },
        {
          entity: 'redirects',
          id: '1',
          title: 'Redirects',
          label: expect.any(String),
          field: 'rules',
          words: '/grants-2020',
        },
      ]),
    );
  });

  it('answers for a draft as it would be published, and only to signed-in staff', async () => {
    const target = String((await addPage(site, { title: 'Mentors', path: '/mentors', sections: [] })).id);
    const draft = await answer(site.api('/api/drafts', { method: 'POST', json: { title: 'Link it' } }));
    const draftId = String(draft.body.id);
    const linking = await post(
      {
        title: 'Volunteer',
        path: '/volunteer',
        sections: [{ type: 'buttons', items: [{ label: 'Mentor', link: '/mentors' }] }],
      },
      `&draft=${draftId}`,
    );
    expect(linking.status).toBe(201);
    expect((await linksOf(target)).links).toEqual([]);
    expect((await linksOf(target, `&draft=${draftId}`)).links).toEqual([
      {
        entity: 'pages',
        id: String(linking.body.id),
        title: 'Volunteer',
        label: 'Link',
        field: 'sections.0.items.0.link',
        words: 'Mentor',
      },
    ]);
    // A contributor may ask too (they work in drafts); signed out may not.
    const asContributor = await site.api(`/api/pages/links?id=${target}`, {
      headers: { cookie: contributorCookie },
    });
    expect(asContributor.status).toBe(200);
    expect((await fetch(`${site.url}/api/pages/links?id=${target}`)).status).toBe(401);
    expect((await answer(site.api('/api/pages/links'))).body).toEqual({
      error: 'Say which page (id).',
      fields: { id: 'Missing' },
    });
    expect((await site.api('/api/pages/links?id=99999')).status).toBe(404);
    expect((await site.api(`/api/pages/links?id=${target}&draft=ffffffffffff`)).status).toBe(404);
  });
});
