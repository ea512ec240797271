// The frame of a server-rendered page: what content says can never end the data script or a head
// tag early, and the page's data reads back as it was.
import { describe, expect, it } from 'vitest';
import { pageDataScript, type PageData } from '../schema/site/pageData.ts';
import { headTags, pageHtml, shortDescription, SITE_DESCRIPTION } from './pageHtml.ts';

const TEMPLATE = `<!doctype html><html><head>
    <meta name="description" content="old" />
    <title>Old</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head><body><div id="root"></div>
    <noscript>This site needs JavaScript to show its pages.</noscript></body></html>`;

const hostile = '</script><script>alert(1)</script><!-- \u2028 \u2029 </SCRIPT >';

describe('page data in the page', () => {
  it('cannot end its script early, and reads back the same', () => {
    const data: PageData = {
      api: { 'news.php': [{ title: hostile }] },
      markdown: { k: `<p>${hostile}</p>` },
    };
    const tag = pageDataScript(data, '"abc-1"');
    expect(tag.match(/<\/script/gi)).toHaveLength(1);
    expect(tag).not.toContain('<!--');
    const opening = '<script type="application/json" id="page-data" data-etag="&quot;abc-1&quot;">';
    expect(tag.startsWith(opening)).toBe(true);
    const json = tag.slice(opening.length, -'</script>'.length);
    expect(JSON.parse(json)).toEqual(data);
  });
});

describe('head tags', () => {
  it('escape what the content says', () => {
    const head = { title: 'A "quoted" <b>title</b> & more', description: '"><script>x</script>' };
    const tags = headTags(head, 'https://e.org/news', true);
    expect(tags).toContain('<title>A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt; &amp; more | ');
    expect(tags).not.toMatch(/<script|<b>/);
    expect(tags).toContain('<link rel="canonical" href="https://e.org/news" />');
    expect(tags).toContain('<meta property="og:url" content="https://e.org/news" />');
  });

  it('fall back to the site description, and keep a not-found page out of search results', () => {
    const tags = headTags({ title: 'Page not found' }, 'https://e.org/x', false);
    expect(tags).toContain(`<meta name="description" content="${SITE_DESCRIPTION}" />`);
    expect(tags).toContain('<meta name="robots" content="noindex" />');
    expect(tags).not.toContain('canonical');
  });

  it('announce the news feed and the events calendar on every page, found or not', () => {
    for (const found of [true, false]) {
      const tags = headTags({ title: 'Any' }, 'https://e.org/about', found, 'https://e.org');
      expect(tags).toContain(
        '<link rel="alternate" type="application/atom+xml" title="Oregon CS Education Alliance: News" href="https://e.org/news.atom" />',
      );
      expect(tags).toContain(
        '<link rel="alternate" type="text/calendar" title="Oregon CS Education Alliance: Events" href="https://e.org/events.ics" />',
      );
    }
    // Without a known origin the addresses are the site's own paths.
    expect(headTags({ title: 'Any' }, null, true)).toContain('href="/news.atom"');
  });

  it('cut a long description at a word', () => {
    const long = 'word '.repeat(100);
    const cut = shortDescription(long);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut.endsWith('word…')).toBe(true);
  });
});

describe('the page', () => {
  it('puts the head, the markup and the data into the built index.html', () => {
    const html = pageHtml(TEMPLATE, {
      head: '<title>New</title>',
      root: '<link rel="preload" as="image" href="/a.png"/><main><h1>Hi</h1></main>',
      data: { api: {}, markdown: {} },
    });
    expect(html).not.toContain('content="old"');
    expect(html).not.toContain('<title>Old</title>');
    expect(html).not.toContain('needs JavaScript');
    expect(html).toMatch(/<title>New<\/title>\s*<link rel="preload" as="image" href="\/a.png"\/>/);
    expect(html).toContain('<div id="root"><main><h1>Hi</h1></main></div>');
    expect(html).toContain(
      '<script type="application/json" id="page-data">{"api":{},"markdown":{}}</script>',
    );
    expect(html).toContain('src="/assets/index-1.js"');
  });
});
