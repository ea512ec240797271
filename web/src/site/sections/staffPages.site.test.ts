// Pages staff build (issue 34) and the menus, as the server renders them: the real server on a fresh
// starter site, pages made through the API as an editor would, the HTML a browser without
// JavaScript gets. Every kind of section is drawn by the site's own components; a missing address is
// still the not-found page (404); the starter navigation gives the menu the site had in code.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../../../server/testing/testSite.ts';
import { standInBuild } from '../../../../server/http/standInBuildTestKit.ts';
import { SAMPLE_PAGE } from '../../../../server/testing/samplePage.ts';

let site: TestSite;
let dist: string;

beforeAll(async () => {
  dist = await standInBuild();
  site = await startTestSite({ distDir: dist });
  await site.signIn();
}, 30_000);
afterAll(async () => {
  await site?.stop();
  if (dist) await rm(dist, { recursive: true, force: true });
});

const get = async (path: string) => {
  const res = await fetch(site.url + path);
  return { status: res.status, body: await res.text() };
};
/** The page's #root, the part React drew. */
const root = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)![1]!;
/** The header's menu and the footer's links, React's generated ids aside. */
const menus = (html: string) => ({
  header: /<ul id="[^"]+" class="nav-list[^"]*">.*?<\/ul><\/nav>/s.exec(html)![0].replace(/_R_\w+_/g, 'ID'),
  footer: /<ul class="footer-links">.*?<\/ul>/s.exec(html)![0],
});
const post = (json: unknown) => site.api('/api/pages', { method: 'POST', json });

/** /about's menus as the site drew them from code before they were content (ids aside). */
const STARTER_HEADER =
  '<ul id="ID" class="nav-list nav-list-static"><li><a class="nav-link" href="/" data-discover="true">HOME</a></li><li><a aria-current="page" class="nav-link active" href="/about" data-discover="true">ABOUT US</a></li><li><a class="nav-link" href="/educators" data-discover="true">RESOURCES FOR K-12 EDUCATORS</a></li><li><a href="https://public.tableau.com/views/OregonCSAccess2026/StatewideOverview" class="nav-link" target="_blank" rel="noopener noreferrer">DATA DASHBOARD<span class="visually-hidden"> (opens in a new tab)</span></a></li><li class="nav-narrow-only"><a class="nav-link" href="/research" data-discover="true">RESEARCH</a></li><li class="nav-narrow-only"><a class="nav-link" href="/researchAndPolicy" data-discover="true">POLICY</a></li><li class="nav-narrow-only"><a class="nav-link" href="/events" data-discover="true">NEWS &amp; EVENTS</a></li><li class="nav-dropdown nav-wide-only"><button type="button" class="nav-link nav-dropdown-button" aria-expanded="false" aria-controls="ID">RESEARCH &amp; POLICY<span class="nav-caret" aria-hidden="true"></span></button><ul id="ID" class="nav-dropdown-menu" hidden=""><li><a class="nav-dropdown-link" href="/research" data-discover="true">RESEARCH</a></li><li><a class="nav-dropdown-link" href="/researchAndPolicy" data-discover="true">POLICY</a></li></ul></li><li class="nav-dropdown nav-wide-only"><button type="button" class="nav-link nav-dropdown-button" aria-expanded="false" aria-controls="ID">EVENTS<span class="nav-caret" aria-hidden="true"></span></button><ul id="ID" class="nav-dropdown-menu" hidden=""><li><a class="nav-dropdown-link" href="/winterofcs" data-discover="true">Winter of CS Institute</a></li><li><a class="nav-dropdown-link" href="/summerOfCS" data-discover="true">Summer Equity Symposium</a></li></ul></li><li class="nav-wide-only"><a class="nav-link" href="/news" data-discover="true">NEWS</a></li><li><a href="/contact" class="nav-link nav-contact">Contact Us</a></li></ul></nav>';
const STARTER_FOOTER =
  '<ul class="footer-links"><li><a href="/" data-discover="true">Home</a></li><li><a href="/about" data-discover="true">About</a></li><li><a href="/educators" data-discover="true">Resources for K-12 Educators</a></li><li><a href="https://public.tableau.com/views/OregonCSAccess2026/StatewideOverview" class="" target="_blank" rel="noopener noreferrer">Data Dashboard<span class="visually-hidden"> (opens in a new tab)</span></a></li><li><a href="/summerOfCS" data-discover="true">Summer Equity Symposium</a></li><li><a href="/news" data-discover="true">News</a></li></ul>';

describe('the menus', () => {
  it('are, from the starter navigation, the menus the site had in code', async () => {
    expect(menus((await get('/about')).body)).toEqual({ header: STARTER_HEADER, footer: STARTER_FOOTER });
  });

  it('follow a change of the navigation: items, dropdowns, wide and narrow, the footer', async () => {
    const { header, footer } = (await (await site.api('/api/navigation')).json()) as Record<string, unknown>;
    const before = { header, footer };
    const put = await site.api('/api/navigation', {
      method: 'PUT',
      json: {
        header: [
          { label: 'HOME', link: '/' },
          { label: 'CAMP', link: '/news', show: 'narrow' },
          { label: 'MORE', show: 'wide', children: [{ label: 'Papers', link: '/research' }] },
          { label: 'Write to us', link: '/contact' },
        ],
        footer: [{ label: 'Partners', link: 'https://example.org/partners' }],
      },
    });
    expect(put.status, await put.text()).toBe(200);
    const changed = menus((await get('/about')).body);
    expect(changed.header).toBe(
      '<ul id="ID" class="nav-list nav-list-static"><li><a class="nav-link" href="/" data-discover="true">HOME</a></li><li class="nav-narrow-only"><a class="nav-link" href="/news" data-discover="true">CAMP</a></li><li class="nav-dropdown nav-wide-only"><button type="button" class="nav-link nav-dropdown-button" aria-expanded="false" aria-controls="ID">MORE<span class="nav-caret" aria-hidden="true"></span></button><ul id="ID" class="nav-dropdown-menu" hidden=""><li><a class="nav-dropdown-link" href="/research" data-discover="true">Papers</a></li></ul></li><li><a href="/contact" class="nav-link nav-contact">Write to us</a></li></ul></nav>',
    );
    expect(changed.footer).toContain('<li><a href="https://example.org/partners">Partners</a></li>');
    expect(changed.footer).not.toContain('Summer Equity Symposium');
    // Back as it was (no version: a save from a version merges only what changed since it).
    const back = await site.api('/api/navigation', { method: 'PUT', json: before });
    expect(back.status, await back.clone().text()).toBe(200);
    expect(menus((await get('/about')).body)).toEqual({ header: STARTER_HEADER, footer: STARTER_FOOTER });
  });
});

describe('a page built from sections', () => {
  it('is not found before it is made, and then is server-rendered with every kind of section', async () => {
    const missing = await get(SAMPLE_PAGE.path);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('<h1>Page not found</h1>');

    const made = await post(SAMPLE_PAGE);
    expect(made.status, await made.clone().text()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const page = await get(SAMPLE_PAGE.path);
    expect(page.status).toBe(200);
    const html = root(page.body);
    expect(html).toContain('<h1>Summer of CS camp</h1>');
    // text: its markdown, headings from h2
    expect(html).toMatch(/<h2[^>]*>Who it is for<\/h2>/);
    // picture: a figure, its own description, its caption
    expect(html).toMatch(
      /<figure class="page-section section-image"><img src="\/media\/profiles\/1\.jpg\?v=[^"]+" alt="A camp coach"/,
    );
    expect(html).toContain('<figcaption>Our coaches have taught CS for years.</figcaption>');
    // buttons: links styled as buttons
    expect(html).toMatch(/<a class="button" href="\/contact"[^>]*>Apply for the camp<\/a>/);
    // cards: the section's heading (h2), each card's title (h3) as its link, its picture without words
    expect(html).toMatch(/<h2 id="[^"]+">What you will do<\/h2>/);
    expect(html).toMatch(/<h3 class="page-card-title"><a href="\/educators"[^>]*>Learn<\/a><\/h3>/);
    expect(html).toMatch(/<img src="\/media\/profiles\/2\.jpg\?v=[^"]+" alt=""[^>]* class="page-card-image"/);
    // list: the newest news, by the news page's own component, titles under the section's heading
    expect(html).toMatch(/<h2 id="[^"]+">Latest news<\/h2>/);
    expect(html.match(/<article class="news-item"><h3 class="news-title">/g)).toHaveLength(3);
    expect(html).toContain('<a href="/news" data-discover="true">All news</a>');
    // people: the chosen profiles, as on the About page
    expect(html.match(/<h3 class="staff-name">/g)).toHaveLength(2);
    // questions: disclosures
    expect(html).toContain('<details class="faq-item"><summary>Is the camp free?</summary>');
    // video: a play button and a link to the video's page; no player, nothing from YouTube yet
    expect(html).toMatch(
      /<button type="button" class="video-play">.*Play video: <!-- -->The camp in two minutes/s,
    );
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('youtube-nocookie');
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" target="_blank"');
    expect(html).toContain('Teachers talk about what they learned at the camp.');
    // The head: its title, its summary, its address, its first picture for link previews.
    expect(page.body).toContain('<title>Summer of CS camp');
    expect(page.body).toContain(`content="${SAMPLE_PAGE.summary}"`);
    expect(page.body).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/summer-camp"/);
    expect(page.body).toMatch(/<meta property="og:image" content="[^"]*\/media\/profiles\/1\.jpg/);
    // Any spelling of the address shows it; the page's data carries what the browser draws it from.
    expect((await get('/Summer-Camp/')).status).toBe(200);
    expect(page.body).toContain('"page_paths":["/summer-camp"]');

    // Deleted: not found again.
    const gone = await site.api(`/api/pages?id=${id}`, { method: 'DELETE' });
    expect(gone.status).toBeLessThan(300);
    expect((await get(SAMPLE_PAGE.path)).status).toBe(404);
  });

  it('may be nested under another page', async () => {
    const parent = await post({ title: 'Programs', path: '/programs', summary: '', sections: [] });
    expect(parent.status, await parent.clone().text()).toBe(201);
    const child = await post({
      title: 'Coding club',
      path: '/programs/coding-club',
      summary: 'After school, every week.',
      sections: [{ type: 'text', body: 'We meet on **Tuesdays**.' }],
    });
    expect(child.status, await child.clone().text()).toBe(201);
    const page = await get('/programs/coding-club');
    expect(page.status).toBe(200);
    expect(root(page.body)).toContain('<h1>Coding club</h1>');
    expect(root(page.body)).toContain('<strong>Tuesdays</strong>');
    expect((await get('/programs')).status).toBe(200);
    expect((await get('/programs/no-such-club')).status).toBe(404);
  });
});

describe('open tabs', () => {
  it('hear of a change of pages or menus by the endpoints the public pages read (web/src/lib/resourceStore.ts)', () => {
    // The stream names these; a tab refetches every read whose endpoint's base is named
    // (pages?path=/x by `pages`).
    expect(site.deps.model.endpointsFor(new Set(['pages'])).sort()).toEqual(['page_paths', 'pages']);
    expect(site.deps.model.endpointsFor(new Set(['navigation']))).toEqual(['navigation']);
  });
});
