// The two shapes of a read: documented callers get the wire ('0'/'1', codes, DD/MM/YYYY); the
// project's own web app asks with `shape=typed` and gets the stored values, the same items in the
// same order. Both are answered by the fast path and by Express alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { siteEntities } from '../../schema/registry.ts';
import type { Fields } from '../../schema/define.ts';
import { isMediaField } from '../../schema/fields.ts';
import { fieldToWire } from '../legacy/fieldWire.ts';
import { addPage } from './pagesTestKit.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  // A page staff built (the starter has none), with a section of every kind and a picture among them.
  await site.signIn();
  await addPage(site);
  await site.signOut();
});
afterAll(async () => {
  await site.stop();
});

type Row = Record<string, unknown>;
const read = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(site.url + path, { headers });
  expect(res.status).toBe(200);
  return { body: (await res.json()) as Row | Row[], etag: res.headers.get('etag') };
};

describe.each(siteEntities.map((d) => [d.legacy.endpoint, d] as const))('%s', (endpoint, def) => {
  it('answers the app with stored values under stored names, item for item what the wire says', async () => {
    const wire = await read(`/api/${endpoint}?media=url`);
    const typed = await read(`/api/${endpoint}?media=url&shape=typed`);
    const wireRows = (def.type === 'collection' ? wire.body : [wire.body]) as Row[];
    const typedRows = (def.type === 'collection' ? typed.body : [typed.body]) as Row[];
    expect(typedRows.map((r) => r.id)).toEqual(wireRows.map((r) => r.id));
    expect(typedRows.length).toBeGreaterThan(0);
    for (const [i, row] of typedRows.entries()) {
      for (const [key, field] of Object.entries(def.fields as Fields)) {
        const wireName = def.legacy.rename?.[key] ?? key;
        if (isMediaField(field)) continue;
        // A list is JSON either way: the same parts, pictures as the same addresses.
        if (field.kind === 'list') {
          expect(Array.isArray(row[key])).toBe(true);
          expect(row[key], `${key} of ${String(row.id)}`).toEqual(wireRows[i]![wireName]);
          continue;
        }
        expect(fieldToWire(field, row[key]), `${key} of ${String(row.id)}`).toBe(wireRows[i]![wireName]);
        if (field.kind === 'flag') expect(typeof row[key]).toBe('boolean');
      }
    }
    // Express (a session cookie sends the read there) answers the same bytes as the fast path.
    const viaExpress = await read(`/api/${endpoint}?media=url&shape=typed`, { cookie: 'cms_session=x' });
    expect(viaExpress.body).toEqual(typed.body);
  });
});
