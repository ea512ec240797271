import { describe, expect, it } from 'vitest';
import { parseRedirects, redirectKey, redirectProblems } from './redirects.ts';

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
      'Line 4: write the old address, then the new one (starting with / or https://), nothing else.',
      'Line 5: after “gone” only the address of what replaced it may follow.',
    ]);
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
