// A large answer is kept gzipped only; every coding still sends the same bytes, and so does plain.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { etagOf, PreparedCache, prepareBody, prepareJson } from './prepared.ts';

const large = Array.from({ length: 20_000 }, (_, i) => ({ id: String(i), title: `News item number ${i}` }));

describe('prepared answers', () => {
  it('keep a large body gzipped only, and give the same bytes plain, gzipped and in brotli', () => {
    const bytes = Buffer.from(JSON.stringify(large));
    expect(bytes.length).toBeGreaterThan(256 * 1024);
    const prepared = prepareJson(large);
    expect(prepared.etag).toBe(etagOf(bytes));
    expect(prepared.encodings).toEqual(['br', 'gzip']);
    expect(prepared.body.equals(bytes)).toBe(true);
    expect(gunzipSync(prepared.encoded('gzip')!).equals(bytes)).toBe(true);
    expect(brotliDecompressSync(prepared.encoded('br')!).equals(bytes)).toBe(true);
  });

  it('keep a small body as it is, and give it back as the same buffer', () => {
    const bytes = Buffer.from('{"a":1}');
    const prepared = prepareBody(bytes, 'application/json');
    expect(prepared.body).toBe(bytes);
    expect(prepared.encodings).toEqual([]);
  });
});

describe('the cache of prepared answers', () => {
  const answer = (bytes: number) => prepareBody(Buffer.alloc(bytes, 'a'), 'text/plain', {});

  it('drops the least recently used answers once past its budget, and keeps the newest', () => {
    const cache = new PreparedCache(12_000);
    for (const key of ['a', 'b', 'c']) cache.put(key, ['news'], answer(3000));
    expect(cache.peek('a')).toBeDefined(); // a is now used after b and c
    cache.put('d', ['news'], answer(3000));
    expect(['a', 'b', 'c', 'd'].filter((k) => cache.peek(k))).toEqual(['a', 'd']);
    expect(cache.held).toBeLessThanOrEqual(12_000);
    // An answer larger than the whole budget is still kept until the next one comes.
    cache.put('huge', ['news'], answer(50_000));
    expect(cache.peek('huge')).toBeDefined();
    cache.put('e', ['news'], answer(100));
    expect(cache.peek('huge')).toBeUndefined();
    expect(cache.peek('e')).toBeDefined();
  });

  it('counts the compressed copies made after an answer was kept', () => {
    const cache = new PreparedCache(4 * 1024 * 1024);
    let built = 0;
    const get = (key: string) =>
      cache.get(key, ['news'], () => {
        built++;
        return large;
      });
    const first = get('list');
    const plain = cache.held;
    first.encoded('br');
    first.encoded('gzip');
    expect(cache.held).toBeGreaterThan(0);
    expect(cache.held).not.toBe(plain); // the plain copy went, compressed ones came
    expect(get('list')).toBe(first);
    expect(built).toBe(1);
    cache.invalidate(new Set(['news']));
    expect(cache.held).toBe(0);
    get('list');
    expect(built).toBe(2);
  });
});
