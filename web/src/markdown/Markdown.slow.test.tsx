// Every line of the XSS corpus (tests/fixtures/xss-payloads.txt), rendered through the one markdown component, must come out
// without script, event handlers, javascript: URLs, frames, objects, embeds or forms.
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown.tsx';
import { isAllowedStyle, sanitizeSchema } from './sanitizeSchema.ts';
import { XSS_CORPUS } from '../../../tests/fixtures/xssCorpus.ts';

const payloads = readFileSync(XSS_CORPUS, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '');

// React 19's server renderer adds `<link rel="preload" as="image">` hints for every <img>; they
// are not part of the rendered content (the browser never sees them from the client renderer).
const REACT_IMAGE_PRELOAD = /<link rel="preload" as="image" href="[^"]*"\/>/g;
const render = (md: string, linkTarget?: '_blank') =>
  renderToStaticMarkup(createElement(Markdown, { linkTarget, children: md })).replace(
    REACT_IMAGE_PRELOAD,
    '',
  );

const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const allowedTags = new Set([...(sanitizeSchema.tagNames ?? []), 'span']);

/** Problems found in rendered HTML; empty when safe. React always double-quotes attribute values. */
function problems(html: string): string[] {
  const out: string[] = [];
  for (const [raw, name = '', attrText = ''] of html.matchAll(/<\/?([a-zA-Z0-9-]+)([^>]*)>/g)) {
    const tag = name.toLowerCase();
    if (!allowedTags.has(tag)) out.push(`tag not allowed: ${raw}`);
    if (/^(script|iframe|object|embed|form|style|link|base|meta|svg|math|frame|frameset)$/.test(tag))
      out.push(`dangerous tag: ${raw}`);
    for (const [, attr = '', value = ''] of attrText.matchAll(/\s([^\s=/>"]+)(?:="([^"]*)")?/g)) {
      // Browsers ignore control characters and spaces in a URL's scheme: drop every one up to U+0020.
      const decoded = [...decode(value)].filter((c) => c > ' ').join('');
      if (/^on/i.test(attr)) out.push(`event handler: ${raw}`);
      if (/^(javascript|vbscript|data|livescript):/i.test(decoded)) out.push(`script URL: ${raw}`);
      if (attr === 'style' && !isAllowedStyle(decode(value))) out.push(`style: ${raw}`);
      if (/^(formaction|action|srcdoc|xlink:href|background|dynsrc|lowsrc)$/i.test(attr))
        out.push(`attribute: ${raw}`);
    }
  }
  if (/<script/i.test(html)) out.push('a <script remains');
  return out;
}

describe('Markdown against the XSS corpus', () => {
  it('uses a checker that does flag unsafe HTML', () => {
    for (const bad of [
      '<a href="javascript:alert(1)">x</a>',
      '<img src="x" onerror="alert(1)"/>',
      '<script>1</script>',
      '<iframe src="https://e.org"></iframe>',
      '<span style="background:url(x)">x</span>',
      '<a href="&#106;avascript:1">x</a>',
    ]) {
      expect(problems(bad), bad).not.toEqual([]);
    }
  });

  it(`neutralises each of the ${payloads.length} payloads`, () => {
    const failures: string[] = [];
    for (const line of payloads) {
      for (const target of [undefined, '_blank'] as const) {
        const found = problems(render(line, target));
        if (found.length) failures.push(`${JSON.stringify(line)} → ${found.join('; ')}`);
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
  }, 120_000);

  it('neutralises the whole corpus as one document, and in runs of lines', () => {
    expect(problems(render(payloads.join('\n')))).toEqual([]);
    // Runs of lines: an element left open by one payload changes how the next ones parse.
    for (const size of [5, 50, 500]) {
      for (let i = 0; i < payloads.length; i += size) {
        const md = payloads.slice(i, i + size).join('\n');
        expect(problems(render(md)), `lines ${i + 1}–${i + size}`).toEqual([]);
      }
    }
  }, 120_000);

  it('never gives a void element children (an input inside an unclosed svg)', () => {
    const html = render(
      '<svg id=x onfocusin=alert(1)>\n<svg id=x tabindex=1></svg><input autofocus>\n<input id=y autofocus>',
    );
    expect(html).not.toMatch(/<input[^>]*>[^<]/);
    expect(problems(html)).toEqual([]);
  });

  it('neutralises payloads inside markdown links and images', () => {
    for (const md of [
      '[x](javascript:alert(1))',
      '![x](javascript:alert(1))',
      '[x](JaVaScRiPt:alert(1))',
      '[x](data:text/html;base64,PHNjcmlwdD4=)',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '[x](vbscript:msgbox(1))',
    ]) {
      expect(problems(render(md)), md).toEqual([]);
    }
  });
});
