// @vitest-environment jsdom
// The whole CommonMark spec (commonmark-spec 0.31.2, 652 examples) and the GitHub-flavoured
// extensions' examples (tests/fixtures/gfm-extensions.txt) through the site's one pipeline, as the
// public pages get it (renderHtml.tsx): each example's HTML must be the spec's, compared as a browser
// reads both (canonicalHtml.ts), except the examples the sanitizer changes on purpose. Those are
// listed here with the reason, and docs/markdown.md lists the same (checked below).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalHtml } from '../../../tests/fixtures/canonicalHtml.ts';
import {
  commonMarkExamples,
  gfmExtensionExamples,
  type SpecExample,
} from '../../../tests/fixtures/specExamples.ts';
import { renderMarkdownHtml } from './renderHtml.tsx';
import { CLOBBER_PREFIX } from './textIds.ts';

/**
 * What differs in every text, not in chosen examples: the page-wide ids are the text's own
 * (textIds.ts) and say so, and a footnote's way back names the reference it returns to.
 */
const EVERYWHERE = [
  {
    what: 'Ids carry the text’s own part after `user-content-` (`user-content-t1a2b3c-fn-1`), so two texts on one page never share one; GitHub writes `user-content-fn-1`.',
    undo: (html: string) => html.replace(new RegExp(`${CLOBBER_PREFIX}t[0-9a-z]{6}-`, 'g'), CLOBBER_PREFIX),
  },
  {
    what: 'The footnotes’ heading id is prefixed like every other (`user-content-…footnote-label`); GitHub leaves `footnote-label` bare.',
    undo: (html: string) => html.replace(/user-content-footnote-label/g, 'footnote-label'),
  },
  {
    what: 'A footnote’s way back is labelled “Back to reference 1” (“1-2” for its second reference), not “Back to content”.',
    undo: (html: string) => html.replace(/Back to reference \d+(?:-\d+)?/g, 'Back to content'),
  },
];

interface Intended {
  /** Written the same in docs/markdown.md. */
  title: string;
  examples: string[];
  /** True when the spec's and our HTML (canonical) differ the way `title` says. */
  shows: (spec: string, ours: string) => boolean;
}

const hrefs = (html: string) => [...html.matchAll(/ href="([^"]*)"/g)].map((m) => m[1]);
const tags = (html: string) => new Set([...html.matchAll(/<([a-z][a-z0-9-]*)/g)].map((m) => m[1]));
const ALLOWED_TAGS = new Set(
  'a b blockquote br code dd del details div dl dt em h1 h2 h3 h4 h5 h6 hr i img input ins kbd li ol p picture pre q rp rt ruby s samp section source span strike strong sub summary sup table tbody td tfoot th thead tr tt u ul var'.split(
    ' ',
  ),
);

const INTENDED: Intended[] = [
  {
    title: 'Bare web and e-mail addresses are links (GFM autolinks)',
    examples: ['cm-602', 'cm-606', 'cm-608', 'cm-611', 'cm-612'],
    shows: (spec, ours) => hrefs(ours).length > hrefs(spec).length,
  },
  {
    title: 'Script, style and textarea tags show as text (GFM tag filter)',
    examples: ['cm-170', 'cm-171', 'cm-172', 'cm-173', 'cm-176', 'cm-178'],
    shows: (spec, ours) => /<(script|style|textarea)/.test(spec) && /&lt;(script|style|textarea)/.test(ours),
  },
  {
    title: 'HTML comments, processing instructions, declarations and CDATA are removed',
    examples: [
      'cm-177',
      'cm-179',
      'cm-180',
      'cm-182',
      'cm-183',
      'cm-308',
      'cm-309',
      'cm-625',
      'cm-626',
      'cm-627',
      'cm-628',
      'cm-629',
    ],
    shows: (spec, ours) => spec.includes('<!--') && !ours.includes('<!--'),
  },
  {
    title: 'Elements not on the allow-list (custom tags) are removed, their text kept',
    examples: [
      'cm-150',
      'cm-163',
      'cm-201',
      'cm-491',
      'cm-524',
      'cm-536',
      'cm-613',
      'cm-614',
      'cm-615',
      'cm-617',
    ],
    shows: (spec, ours) =>
      [...tags(spec)].some((t) => !ALLOWED_TAGS.has(t!)) &&
      [...tags(ours)].every((t) => ALLOWED_TAGS.has(t!)),
  },
  {
    title: 'Attributes not on the allow-list are dropped, ids prefixed',
    examples: ['cm-152', 'cm-153', 'cm-154', 'cm-164', 'cm-169', 'cm-616'],
    shows: (spec, ours) =>
      / (class|language|foo|bam|id)="/.test(spec) && !/ (class|language|foo|bam)="/.test(ours),
  },
  {
    title: 'A link to nowhere has no href',
    examples: ['cm-200', 'cm-485', 'cm-486', 'cm-487', 'cm-567'],
    shows: (spec, ours) => spec.includes(' href=""') && !ours.includes(' href='),
  },
  {
    title: 'Links keep only the site’s schemes',
    examples: ['cm-500', 'cm-597', 'cm-598', 'cm-599', 'cm-601', 'autolink-8'],
    shows: (spec, ours) =>
      hrefs(spec).some((h) => /^[^/?#]*:/.test(h!) && !/^(https?|mailto):/.test(h!)) &&
      hrefs(ours).length < hrefs(spec).length,
  },
  {
    title: 'A raw link whose address has spaces or line breaks loses it',
    examples: ['cm-642', 'cm-643'],
    shows: (spec, ours) => hrefs(spec).some((h) => /\s/.test(h!)) && hrefs(ours).length === 0,
  },
  {
    title: 'An unclosed raw tag holding only a line break is left empty',
    examples: ['cm-21', 'cm-31', 'cm-187', 'cm-344', 'cm-476', 'cm-477', 'cm-494', 'cm-630', 'cm-631'],
    shows: (spec, ours) => /<([a-z]+)[^>]*> <\/\1>/.test(spec) && !/<([a-z]+)[^>]*> <\/\1>/.test(ours),
  },
  {
    title: 'Table columns are aligned with style="text-align", not align',
    examples: ['table-2'],
    shows: (spec, ours) =>
      / align="/.test(spec) && / style="text-align:/.test(ours) && !/ align="/.test(ours),
  },
  {
    title: 'Task lists carry GitHub’s classes, and each box is named by its item',
    examples: ['tasklist-1', 'tasklist-2'],
    shows: (spec, ours) =>
      ours.includes('class="contains-task-list"') &&
      / aria-label="[^"]+"/.test(ours) &&
      canonicalHtml(ours.replace(/ class="(contains-task-list|task-list-item)"| aria-label="[^"]*"/g, '')) ===
        spec,
  },
];

const ours = (md: string) =>
  canonicalHtml(EVERYWHERE.reduce((html, rule) => rule.undo(html), renderMarkdownHtml(md, {})));
const expected = (ex: SpecExample) => canonicalHtml(ex.html);

const examples = [...commonMarkExamples(), ...gfmExtensionExamples()];
const intendedFor = new Map(INTENDED.flatMap((i) => i.examples.map((id) => [id, i] as const)));

describe('the CommonMark and GFM spec examples', () => {
  it('reads the whole of both', () => {
    const cm = examples.filter((e) => e.id.startsWith('cm-'));
    expect(cm).toHaveLength(652);
    const gfm = examples.filter((e) => !e.id.startsWith('cm-')).map((e) => e.id.replace(/-\d+$/, ''));
    expect(new Set(gfm)).toEqual(
      new Set(['table', 'tasklist', 'strikethrough', 'autolink', 'tagfilter', 'fn']),
    );
    expect(gfm.length).toBe(28);
    // Every listed example exists, once.
    for (const id of intendedFor.keys())
      expect(
        examples.some((e) => e.id === id),
        id,
      ).toBe(true);
    expect(INTENDED.flatMap((i) => i.examples)).toHaveLength(intendedFor.size);
  });

  it('render as the specs say, but for the listed intended changes', () => {
    const wrong: string[] = [];
    for (const ex of examples) {
      if (intendedFor.has(ex.id)) continue;
      const got = ours(ex.markdown);
      if (got !== expected(ex))
        wrong.push(
          `${ex.id} (${ex.section}) ${JSON.stringify(ex.markdown)}\n  spec: ${expected(ex)}\n  ours: ${got}`,
        );
    }
    expect(wrong).toEqual([]);
  });

  it('each listed example differs, and the way its reason says', () => {
    for (const intended of INTENDED) {
      for (const id of intended.examples) {
        const ex = examples.find((e) => e.id === id)!;
        const [spec, got] = [expected(ex), ours(ex.markdown)];
        expect(got, `${id} now renders as the spec says: take it off the list`).not.toBe(spec);
        expect(intended.shows(spec, got), `${id}: ${intended.title}\n  spec: ${spec}\n  ours: ${got}`).toBe(
          true,
        );
      }
    }
  });

  it('keeps a code block’s leading blank line (CommonMark examples 127 and 129)', () => {
    for (const id of ['cm-127', 'cm-129']) {
      const ex = examples.find((e) => e.id === id)!;
      expect(renderMarkdownHtml(ex.markdown, {})).toBe(ex.html.trimEnd());
    }
    expect(renderMarkdownHtml('    \n    foo', {})).toBe('<pre><code>foo\n</code></pre>');
    expect(renderMarkdownHtml('```\n\n\nx\n```', {})).toBe('<pre><code>\n\nx\n</code></pre>');
  });

  it('has the same list in docs/markdown.md, and its count in the README', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/markdown.md'), 'utf8');
    for (const intended of INTENDED) {
      const line = doc.split('\n').find((l) => l.startsWith(`| ${intended.title} |`));
      expect(line, intended.title).toBeDefined();
      const listed = [
        ...line!.matchAll(/`((?:cm|table|tasklist|strikethrough|autolink|tagfilter|fn)-\d+)`/g),
      ].map((m) => m[1]);
      expect(listed, intended.title).toEqual(intended.examples);
    }
    for (const rule of EVERYWHERE) expect(doc).toContain(rule.what);
    // The README's summary counts them.
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8').replace(
      /\s+/g,
      ' ',
    );
    const listed = [...intendedFor.keys()];
    const cm = listed.filter((id) => id.startsWith('cm-')).length;
    expect(readme).toContain(`all match but ${cm} CommonMark and ${listed.length - cm} GFM examples`);
  });
});
