import { describe, expect, it } from 'vitest';
import { parseQuery, readOptions } from './query.ts';

describe('parseQuery, the one reading of a query string (Express and the fast path)', () => {
  it("decodes names and values as URLSearchParams does, '+' as a space", () => {
    expect({ ...parseQuery('m%65dia=url&q=a+b%20c&empty&=x') }).toEqual({
      media: 'url',
      q: 'a b c',
      empty: '',
      '': 'x',
    });
    expect({ ...parseQuery('') }).toEqual({});
    expect({ ...parseQuery(undefined) }).toEqual({});
  });

  it('gives a name sent more than once as an array, for queryString to refuse', () => {
    expect({ ...parseQuery('draft=a&draft=b&draft=c') }).toEqual({ draft: ['a', 'b', 'c'] });
    // Brackets are no object syntax: the name is read as written.
    expect({ ...parseQuery('draft[x]=1') }).toEqual({ 'draft[x]': '1' });
  });

  it('has no prototype a name could reach', () => {
    expect(parseQuery('__proto__=x').__proto__).toBe('x');
    expect(Object.getPrototypeOf(parseQuery('a=1'))).toBeNull();
  });
});

describe('readOptions', () => {
  it('reads media by address and stored values only when asked exactly', () => {
    const of = (q: string) => {
      const p = parseQuery(q);
      return readOptions((n) => p[n] as string | undefined);
    };
    expect(of('')).toEqual({ media: 'base64', shape: 'wire' });
    expect(of('media=url&shape=typed')).toEqual({ media: 'url', shape: 'typed' });
    expect(of('media=URL&shape=Typed')).toEqual({ media: 'base64', shape: 'wire' });
  });
});
