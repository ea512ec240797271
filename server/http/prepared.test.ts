// A large answer is kept gzipped only; every coding still sends the same bytes, and so does plain.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { etagOf, prepareBody, prepareJson } from './prepared.ts';

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
