import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inlineStyles.ts';

describe('inlineStylesheets', () => {
  const files: Record<string, string> = {
    '/assets/site-1.css': '.a{color:red}',
    '/assets/b-2.css': '.b{x:y}',
  };
  const file = (p: string) => (p in files ? Buffer.from(files[p]!) : undefined);

  it('writes each built stylesheet into the page in place of its link', () => {
    const template =
      '<head><link rel="stylesheet" crossorigin href="/assets/site-1.css">' +
      '<link rel="stylesheet" crossorigin href="/assets/b-2.css"><link rel="icon" href="/f.svg"></head>';
    expect(inlineStylesheets(template, file)).toBe(
      '<head><style>.a{color:red}</style><style>.b{x:y}</style><link rel="icon" href="/f.svg"></head>',
    );
  });

  it('keeps a link it cannot read, and never lets the text close the style element', () => {
    files['/assets/odd-3.css'] = '.c::after{content:"</style><script>"}';
    const template =
      '<link rel="stylesheet" href="/assets/gone-9.css">' +
      '<link rel="stylesheet" href="/assets/odd-3.css">';
    const page = inlineStylesheets(template, file);
    expect(page).toContain('<link rel="stylesheet" href="/assets/gone-9.css">');
    expect(page.match(/<\/style/gi)).toHaveLength(1);
  });
});
