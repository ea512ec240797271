import { describe, expect, it } from 'vitest';
import { isRedirectTarget, parseRedirects, redirectKey, redirectProblems } from './redirects.ts';

const problemsOf = (text: string, pages: string[] = []) => {
  const { redirects, problems } = parseRedirects(text);
  const keys = new Set(pages.map((p) => redirectKey(p)));
  return [...problems, ...redirectProblems(redirects, (k) => keys.has(k))].map((p) => p.message);
};

describe('reading redirects', () => {
  it('reads moves, gone pages with and without a pointer, pasted whole addresses, notes and arrows', () => {
    const { redirects, problems } = parseRedirects(
      [
        '# from the old site',
        '/Old-News/  /news',
        'https://old.example.org/page.php?id=3 → /research',
        '',
        '/retired gone',
        '/papers/2019.pdf GONE /research',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(redirects).toEqual([
      { line: 2, from: '/Old-News/', key: '/old-news', to: '/news', gone: false },
      {
        line: 3,
        from: 'https://old.example.org/page.php?id=3',
        key: '/page.php?id=3',
        to: '/research',
        gone: false,
      },
      { line: 5, from: '/retired', key: '/retired', gone: true },
      { line: 6, from: '/papers/2019.pdf', key: '/papers/2019.pdf', to: '/research', gone: true },
    ]);
  });

  it('names the line of anything it cannot read, in plain words', () => {
    expect(problemsOf('/ok /news\nold-page /news\n/lonely\n/a /b /c\n/x gone nowhere')).toEqual([
      'Line 2: “old-page” is not an address of this site (it starts with /) or a whole address (https://…).',
      'Line 3: say where “/lonely” goes now (an address), or write “gone”.',
      'Line 4: write the old address, then the new one (starting with / or https://), nothing else. An address has no spaces or tabs in it.',
      'Line 5: after “gone” only the address of what replaced it may follow.',
    ]);
  });
});

describe('the key a request is looked up by', () => {
  it('is the decoded path in lower case without trailing slashes, then the query as sent', () => {
    expect(redirectKey('/Old/Page/')).toBe('/old/page');
    expect(redirectKey('/old//')).toBe('/old');
    expect(redirectKey('/')).toBe('/');
    expect(redirectKey('//')).toBe('/');
    expect(redirectKey('')).toBe('/');
    expect(redirectKey('/Caf%C3%A9')).toBe('/café');
    expect(redirectKey('/100%')).toBe('/100%'); // a malformed escape stays as sent
    expect(redirectKey('/Old', 'A=1')).toBe('/old?A=1');
  });
});

describe('where a redirect may send visitors', () => {
  const OFF_SITE =
    'would send visitors to another website. Write a page of this site starting with a single / (such as /news), or another website’s whole address starting with https://.';
  // Each is read as a browser reads the address it is sent to: all but the last leave the site.
  const REFUSED: [string, string][] = [
    ['/\\evil.example', OFF_SITE],
    ['\\\\evil.example', OFF_SITE],
    ['/%5Cevil.example', OFF_SITE],
    ['/%5cevil.example', OFF_SITE],
    ['/%2F%2Fevil.example', OFF_SITE],
    ['//evil.example', OFF_SITE],
    ['/\u0001/evil.example', 'has a hidden character in it'],
    ['/\u200b/evil.example', 'has a hidden character in it'],
    ['http://evil.example', 'is not a secure address. Write it starting with https:// instead of http://.'],
    ['https://', 'cannot be read as a whole address'],
    ['https:///evil.example', 'cannot be read as a whole address'],
    ['javascript:alert(1)', 'write the old address, then the new one'],
  ];

  it.each(REFUSED)('refuses %j, saying why', (to, words) => {
    const { redirects, problems } = parseRedirects(`/old ${to}\n/gone-page gone ${to}`);
    expect(redirects).toEqual([]);
    expect(problems.map((p) => p.line)).toEqual([1, 2]);
    expect(problems[0]!.message).toContain(words);
    expect(isRedirectTarget(to)).toBe(false);
  });

  it('a tab or line break inside an address splits it, and the line is refused', () => {
    expect(problemsOf('/old /\t/evil.example')).toEqual([
      'Line 1: write the old address, then the new one (starting with / or https://), nothing else. An address has no spaces or tabs in it.',
    ]);
    expect(problemsOf('/old /\n/evil.example')).toEqual([
      'Line 2: say where “/evil.example” goes now (an address), or write “gone”.',
    ]);
  });

  it('keeps pages of this site and other websites’ https:// addresses', () => {
    for (const to of [
      '/about',
      '/news?x=1#top',
      '/news/%2F%2Fx',
      'https://partner.example/x',
      'HTTPS://Partner.example',
    ])
      expect([to, isRedirectTarget(to), problemsOf(`/old ${to}`)]).toEqual([to, true, []]);
  });
});

describe('what would send visitors in circles', () => {
  it('refuses loops, chains, self-redirects, duplicates and pages the site has; quiet on a good list', () => {
    expect(problemsOf('/a /b\n/b /a')).toEqual([
      'Line 1: “/a” is part of a loop: following the redirects comes back round.',
      'Line 2: “/b” is part of a loop: following the redirects comes back round.',
    ]);
    expect(problemsOf('/a /b\n/b /c')).toEqual([
      'Line 1: “/b” is redirected too (line 2): send “/a” straight to where that one goes.',
    ]);
    expect(problemsOf('/a /A/')).toEqual(['Line 1: “/a” is redirected to itself.']);
    expect(problemsOf('/a /news\n/A/ /events')).toEqual(['Line 2: “/A/” is already redirected on line 1.']);
    expect(problemsOf('/News /events', ['/news'])).toEqual([
      'Line 1: “/News” is a page of this site, so it cannot be redirected.',
    ]);
    expect(problemsOf('/a /b\n/b gone\n/c https://example.org/c\n/d /news', ['/news'])).toEqual([
      'Line 1: “/b” is redirected too (line 2): send “/a” straight to where that one goes.',
    ]);
    expect(problemsOf('/a /news\n/b gone /news\n/c https://example.org/x', ['/news'])).toEqual([]);
  });
});
