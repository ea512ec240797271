import { describe, expect, it } from 'vitest';
import {
  addressProblems,
  checkItem,
  headingProblems,
  linkTextProblems,
  markdownAltProblems,
  readMarkdown,
  refusals,
  warningsOf,
  type SiteFacts,
} from './contentChecks.ts';
import { entities } from './registry.ts';
import { siteFactsOf } from './siteAddresses.ts';

const site: SiteFacts = {
  hasPage: (p) => ['/', '/news', '/research', '/winterofcs', '/old-page'].includes(p.toLowerCase()),
  hasMedia: (rel) => rel === 'media/news/1.png' || rel === 'media/papers/1.pdf',
};

/** Each check over markdown: [what, text, how many problems]. */
const cases: { check: (md: string) => string[]; bad: [string, string][]; good: [string, string][] }[] = [
  {
    check: (md) => markdownAltProblems(readMarkdown(md)),
    bad: [
      ['an image with empty brackets', '![](/media/news/1.png)'],
      ['an image with only spaces', 'Look: ![   ](https://example.org/a.png) there'],
      ['an HTML image without alt', '<img src="/media/news/1.png">'],
      ['an HTML image with empty alt', '<img alt=\'\' src="/media/news/1.png">'],
      ['an image inside a link', '[![](/media/news/1.png)](/news)'],
    ],
    good: [
      ['an image with words', '![Teachers at the symposium](/media/news/1.png)'],
      ['the explicit decorative choice', '![decorative](/media/news/1.png)'],
      ['an HTML image with alt', '<img src="/media/news/1.png" alt="A chart">'],
      ['an image in a code block', '```\n![](/media/news/1.png)\n```'],
      ['an image in a code span', 'Write `![](x.png)` for an image'],
      ['an image in an indented code block', 'Text\n\n    ![](x.png)'],
      ['a link (not an image)', '[](x) and [words](/news)'],
    ],
  },
  {
    check: (md) => headingProblems(readMarkdown(md)),
    bad: [
      ['a level-1 heading', '# Welcome\n\nText'],
      ['a setext level-1 heading', 'Welcome\n=======\n\nText'],
      ['a skip from 2 to 4', '## Who\n\ntext\n\n#### Details'],
      ['a skip from 3 to 5', '### A\n##### B'],
    ],
    good: [
      ['headings in order', '## Who\n\n### Details\n\n## Where\n\n### Map'],
      ['going back up several levels', '## A\n### B\n#### C\n## D'],
      ['a first heading below 2 (the text sits under a section)', '### Agenda\n#### Morning'],
      ['a # in a code block', '```\n# comment\n```'],
      ['a # without a space (not a heading)', '#hashtag'],
      ['a thematic break after a blank line', 'Text\n\n---\n\nMore'],
    ],
  },
  {
    check: (md) => linkTextProblems(readMarkdown(md)),
    bad: [
      ['click here', 'For the brief [click here](/research).'],
      ['Read more…', '[Read more…](/news)'],
      ['here, emphasised', '[**here**](/news)'],
      ['learn more', '[Learn more](https://example.org)'],
      ['a bare address as the words', '[https://example.org/report](https://example.org/report)'],
      ['an autolink', 'See <https://example.org/report>.'],
      ['a bare address in the text', 'See https://example.org/report for more.'],
      ['a www address in the text', 'Visit www.example.org today.'],
      ['a link without words', '[](/news)'],
    ],
    good: [
      ['words that name the target', 'Read [the 2026 research brief](/research).'],
      ['"here" inside longer words', '[Where we work here in Oregon](/about)'],
      ['an address in code', 'Type `https://example.org` in the box.'],
      ['an email link with a name', '[Write to us](mailto:info@example.org)'],
    ],
  },
  {
    check: (md) => addressProblems(readMarkdown(md), site).map((p) => p.message),
    bad: [
      ['a page the site does not have', '[Our events](/evnts)'],
      ['a missing page with a query and fragment', '[News](/nwes?page=2#top)'],
      ['a missing media file in an image', '![A chart](/media/news/9.png)'],
      ['a missing media file in a link', '[The brief (PDF)](/media/papers/2.pdf)'],
    ],
    good: [
      ['a fixed page', '[Latest news](/news/)'],
      ['a page in another case', '[Research](/Research)'],
      ['an event page', '[Winter of CS](/winterofcs)'],
      ['a redirected old address', '[Old page](/old-page)'],
      ['an existing media file', '![A chart](/media/news/1.png) and [the brief](/media/papers/1.pdf)'],
      ['another site', '[A partner](https://example.org/nowhere)'],
      ['a fragment on the same page', '[Jump](#top)'],
      ['an email link', '[Write to us](mailto:info@example.org)'],
    ],
  },
];

describe.each(cases.map((c, i) => [['alt text', 'headings', 'link words', 'addresses'][i]!, c] as const))(
  'the %s check',
  (_name, { check, bad, good }) => {
    it.each(bad)('fires on %s', (_what, md) => {
      expect(check(md).length).toBeGreaterThan(0);
    });
    it.each(good)('stays quiet on %s', (_what, md) => {
      expect(check(md)).toEqual([]);
    });
  },
);

describe('messages in plain words', () => {
  it('name what is wrong and what to do', () => {
    expect(markdownAltProblems(readMarkdown('![](/media/news/1.png)'))[0]).toMatch(
      /“\/media\/news\/1\.png” has no description .* !\[decorative\]/,
    );
    expect(headingProblems(readMarkdown('## A\n#### B'))[0]).toBe(
      'The heading “B” skips from level 2 to level 4. Use ### so people who move through the page by its headings miss nothing.',
    );
    expect(linkTextProblems(readMarkdown('[click here](/news)'))[0]).toMatch(
      /^The link “click here” does not say where it goes\./,
    );
    expect(addressProblems(readMarkdown('[x](/evnts)'), site)[0]!.message).toMatch(
      /“\/evnts” goes to a page this site does not have\. .*Redirects page/,
    );
  });
});

describe('checkItem: by the fields the declaration names', () => {
  it('checks every markdown field of an item, and an internal link field', () => {
    const findings = checkItem(
      entities.homePage,
      { content: '# Big\n\n[click here](/news)', quote: '![](/media/news/1.png)' },
      site,
    );
    expect(findings.map((f) => [f.field, f.check, f.blocks])).toEqual([
      ['content', 'headings', false],
      ['content', 'linkText', false],
      ['quote', 'alt', true],
    ]);
    expect(Object.keys(refusals(findings)!)).toEqual(['quote']);
    expect(warningsOf(findings).map((w) => w.field)).toEqual(['content', 'content']);
    const banner = checkItem(entities.banner, { banner_link: '/gone-page' }, site);
    expect(banner.map((f) => [f.field, f.check])).toEqual([['banner_link', 'address']]);
    expect(checkItem(entities.banner, { banner_link: '/news' }, site)).toEqual([]);
  });

  it('an image field whose description is a field of the item needs it once the image is set', () => {
    const def = entities.workshopSchedule;
    const missing = checkItem(def, { image: 'media/site/workshop-schedule.png', alt: '' }, site);
    expect(missing).toEqual([expect.objectContaining({ field: 'alt', check: 'alt', blocks: true })]);
    expect(missing[0]!.message).toMatch(/Describe the schedule image .* “decorative”/);
    expect(checkItem(def, { image: 'media/site/workshop-schedule.png', alt: 'decorative' }, site)).toEqual(
      [],
    );
    expect(checkItem(def, { image: 'media/site/workshop-schedule.png', alt: 'The timetable' }, site)).toEqual(
      [],
    );
    expect(checkItem(def, { image: '', alt: '' }, site)).toEqual([]);
  });

  it('an image described by another field (a headshot by the name) needs that field; a decorative one nothing', () => {
    expect(checkItem(entities.profile, { name: '', headshot: 'media/profiles/1.jpg' }, site)).toEqual([
      expect.objectContaining({ field: 'name', check: 'alt', blocks: true }),
    ]);
    expect(checkItem(entities.profile, { name: 'Ana Ruiz', headshot: 'media/profiles/1.jpg' }, site)).toEqual(
      [],
    );
    expect(checkItem(entities.resource, { resource_name: 'x', logo: 'media/resources/1.png' }, site)).toEqual(
      [],
    );
  });

  it('every image field declares where its description comes from', () => {
    for (const def of Object.values(entities))
      for (const [key, field] of Object.entries(def.fields))
        if (field.kind === 'image') expect(field.alt, `${def.name}.${key}`).toBeDefined();
  });
});

describe('siteFactsOf: the addresses the site has', () => {
  const items = (byEntity: Record<string, { id: string; data: Record<string, unknown> }[]>) => ({
    list: (def: { name: string }) => byEntity[def.name] ?? [],
    get: (def: { name: string }) => byEntity[def.name]?.[0],
  });
  it('fixed pages, numbered news pages, feeds, event pages, redirected addresses and media', () => {
    const facts = siteFactsOf(
      items({
        majorEvents: [{ id: '1', data: { page_url: '/winterofcs' } }],
        redirects: [{ id: '1', data: { rules: '/old-news /news\n/retired gone' } }],
      }),
      (rel) => rel === 'media/news/1.png',
    );
    for (const p of [
      '/',
      '/about',
      '/news/page/3',
      '/news.atom',
      '/events/4.ics',
      '/WinterOfCS',
      '/old-news',
      '/retired',
    ])
      expect(facts.hasPage(p), p).toBe(true);
    for (const p of ['/abuot', '/summerofcs2', '/news/page/1', '/media'])
      expect(facts.hasPage(p), p).toBe(false);
    expect(facts.hasMedia('media/news/1.png')).toBe(true);
    expect(facts.hasMedia('media/news/2.png')).toBe(false);
  });
});
