// The one markdown component keeps what the admin's formatting helper produces (underline,
// alignment, colours, font sizes, links, heading levels) and drops what it does not allow. The XSS
// corpus goes through the same component in Markdown.slow.test.tsx (a slow suite: 6,613 payloads).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown.tsx';
import { isAllowedStyle } from './sanitizeSchema.ts';
import { renderMarkdownHtml } from './renderHtml.tsx';

// React 19's server renderer adds `<link rel="preload" as="image">` hints for every <img>; they
// are not part of the rendered content (the browser never sees them from the client renderer).
const REACT_IMAGE_PRELOAD = /<link rel="preload" as="image" href="[^"]*"\/>/g;
const render = (md: string, linkTarget?: '_blank') =>
  renderToStaticMarkup(createElement(Markdown, { linkTarget, children: md })).replace(
    REACT_IMAGE_PRELOAD,
    '',
  );

describe('Markdown keeps what the admin helper produces', () => {
  it('keeps underline, alignment, colour and font size', () => {
    const html = render(
      '<u>under</u> <span style="color: #E8805E">c</span> <span style="color:green; font-size: 1.5em;">g</span>\n\n<div style="text-align:center">mid</div>\n\n<p style="font-size:18px">p</p>',
    );
    expect(html).toContain('<u>under</u>');
    // The helper's earlier orange is shown in its readable shade (textColours.ts).
    expect(html).toContain('style="color:#A8431F"');
    expect(html).toContain('style="color:green;font-size:1.5em"');
    expect(html).toContain('style="text-align:center"');
    expect(html).toContain('style="font-size:18px"');
  });

  it('drops a style attribute when any declaration is not allowed', () => {
    for (const style of [
      'color:red;background:url(x.png)',
      'color: rgb(1,2,3)',
      'font-size: calc(1px + 2em)',
      'color:red;position:fixed',
      'text-align:middle',
      'font-size: 12pt',
      'color: #12345',
      'color:expression(alert(1))',
    ]) {
      expect(isAllowedStyle(style), style).toBe(false);
      expect(render(`<span style="${style}">x</span>`)).toBe(
        '<div class="markdown"><p><span>x</span></p></div>',
      );
    }
  });

  it('accepts the allowlisted declarations', () => {
    for (const style of [
      'color:#fff',
      'color: #4D6485;',
      'color: DarkGreen',
      'text-align: justify',
      'font-size: 2rem',
      'font-size:50%',
      'font-size: 10vh',
      'color:#008000; text-align:right; font-size: .9em',
    ]) {
      expect(isAllowedStyle(style), style).toBe(true);
    }
  });

  it('keeps the allowed link protocols and relative links, drops the others', () => {
    const html = render(
      '[a](https://e.org) [b](http://e.org) [c](mailto:x@e.org) [d](irc://e.org) [e](ircs://e.org) [f](xmpp:x@e.org) [g](/events) [h](ftp://e.org)',
    );
    for (const href of [
      'https://e.org',
      'http://e.org',
      'mailto:x@e.org',
      'irc://e.org',
      'ircs://e.org',
      'xmpp:x@e.org',
      '/events',
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).not.toContain('ftp:');
  });

  it('drops links without a scheme that a browser would read as another site', () => {
    for (const md of [
      '<a href="/\t/evil.example">x</a>',
      '<a href="\\\\evil.example">x</a>',
      '<a href=" //evil.example">x</a>',
      '<a href="/\\evil.example">x</a>',
      '<img src="//evil.example/pixel.png">',
    ]) {
      expect(render(md), md).not.toMatch(/evil/);
    }
    expect(render('[a](page) [b](/events#x) [c](?tab=2) ![d](/media/x.png)')).toBe(
      '<div class="markdown"><p>' +
        '<a href="page">a</a> <a href="/events#x">b</a> <a href="?tab=2">c</a> <img src="/media/x.png" alt="d"/></p></div>',
    );
  });

  it('opens links in a new tab without opener or referrer when asked', () => {
    const html = render('[doe](https://example.org)', '_blank');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it("shows the helper's earlier colours in readable shades, and leaves other colours alone", () => {
    const md = '<span style="color:#e8805e">a</span> <span style="color: #008000; font-size: 2em">b</span>';
    expect(render(md)).toBe(
      '<div class="markdown"><p><span style="color:#A8431F">a</span> ' +
        '<span style="color:#007A00;font-size:2em">b</span></p></div>',
    );
    for (const style of ['color:#E8805E80', 'color:#123456', 'color:green']) {
      expect(render(`<span style="${style}">x</span>`)).toContain(`style="${style}"`);
    }
  });

  it("renumbers headings to follow the page's own when asked", () => {
    const md = '### Strands\n\ntext\n\n##### Detail\n\n### More';
    const html = renderToStaticMarkup(createElement(Markdown, { headingsFrom: 2, children: md }));
    expect(html.match(/<h\d/g)).toEqual(['<h2', '<h3', '<h2']);
    expect(renderToStaticMarkup(createElement(Markdown, { headingsFrom: 6, children: '# a\n\n## b' }))).toBe(
      '<div class="markdown"><h6>a</h6>\n<h6>b</h6></div>',
    );
    expect(render(md).match(/<h\d/g)).toEqual(['<h3', '<h5', '<h3']);
  });

  it('renders nothing for empty text', () => {
    expect(render('')).toBe('');
  });
});

describe('GitHub-flavoured markdown', () => {
  const html = (md: string) => renderMarkdownHtml(md, {});

  it('renders tables, strikethrough, task lists, autolinks and footnotes', () => {
    const out = html(
      '| Day | Room |\n|---|:-:|\n| Mon | ~~4~~ 5 |\n\n- [ ] bring laptops\n- [x] book the room\n\nSee www.example.org or ask staff@example.org.[^1]\n\n[^1]: Mondays only.',
    );
    expect(out).toContain(
      '<table><thead><tr><th>Day</th><th style="text-align:center">Room</th></tr></thead>',
    );
    expect(out).toContain('<td style="text-align:center"><del>4</del> 5</td>');
    expect(out).toContain(
      '<li class="task-list-item"><input type="checkbox" disabled="" aria-label="bring laptops"/> bring laptops</li>',
    );
    expect(out).toContain(
      '<input type="checkbox" disabled="" aria-label="book the room" checked=""/> book the room',
    );
    expect(out).toContain('<a href="http://www.example.org">www.example.org</a>');
    expect(out).toContain('<a href="mailto:staff@example.org">staff@example.org</a>');
    expect(out).toMatch(/<sup><a href="#user-content-t\w{6}-fn-1" id="user-content-t\w{6}-fnref-1"/);
    expect(out).toMatch(/<section data-footnotes="" class="footnotes"><h2 class="sr-only"/);
  });

  it('gives each text its own ids, and its links to them follow', () => {
    const a = html('One[^1]\n\n[^1]: a');
    const b = html('Two[^1]\n\n[^1]: b');
    const ids = (s: string) => [...s.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!);
    const targets = (s: string) => [...s.matchAll(/ href="#([^"]+)"/g)].map((m) => m[1]!);
    expect(ids(a).filter((id) => ids(b).includes(id))).toEqual([]);
    for (const s of [a, b]) {
      for (const t of targets(s)) expect(ids(s)).toContain(t);
      for (const id of ids(s)) expect(id).toMatch(/^user-content-/);
    }
    // The same text gets the same ids wherever it is rendered (the page and the admin preview).
    expect(html('One[^1]\n\n[^1]: a')).toBe(a);
    // A raw anchor in the text, and the text's link to it.
    const anchor = html('[Up](#top)\n\n<h2 id="top">Top</h2>');
    const [id] = ids(anchor);
    expect(targets(anchor)).toEqual([id]);
  });

  it('keeps task boxes read-only, raw HTML ones too', () => {
    expect(
      html('<input type="text" name="q" value="x" tabindex="1" accesskey="s" onfocus="alert(1)" autofocus>'),
    ).toBe('<input type="checkbox" disabled=""/>');
    expect(html('<input type="checkbox" checked>')).toBe('<input type="checkbox" disabled="" checked=""/>');
  });

  it('shows the tags GFM filters as text', () => {
    expect(html('A <title>x</title> *after*')).toBe('<p>A &lt;title&gt;x&lt;/title&gt; <em>after</em></p>');
    // An unclosed <textarea> no longer turns the rest of the text into its content.
    expect(html('A <textarea> b\n\n*after*')).toBe('<p>A &lt;textarea&gt; b</p>\n<p><em>after</em></p>');
  });

  it('puts the footnotes heading at the text’s first heading level', () => {
    const md = '### Part\n\nText[^n]\n\n[^n]: Note';
    for (const from of [2, 3, 5] as const) {
      const out = renderMarkdownHtml(md, { headingsFrom: from });
      expect(out).toContain(`<h${from}>Part</h${from}>`);
      expect(out).toMatch(new RegExp(`<h${from} class="sr-only" id="[^"]+">Footnotes</h${from}>`));
    }
  });
});

describe('an image staff mark as decorative', () => {
  it('is drawn with an empty alt (screen readers skip it), on the pages and in the feeds alike', () => {
    for (const html of [
      render('![decorative](/media/news/1.png)'),
      render('![Decorative ](/media/news/1.png)'),
      renderMarkdownHtml('![decorative](/media/news/1.png)', {}),
      render('<img src="/media/news/1.png" alt="decorative">'),
    ])
      expect(html).toMatch(/<img src="\/media\/news\/1\.png" alt=""\/>/);
    expect(render('![A chart of enrolment](/media/news/1.png)')).toContain('alt="A chart of enrolment"');
    expect(render('![decorative border](/media/news/1.png)')).toContain('alt="decorative border"');
  });
});
