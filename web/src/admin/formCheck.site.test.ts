// The admin form checks an item with the server's own schema before sending it: for the same bad
// input, the browser's check and the server's answer (a real server, real HTTP) say the same words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../server/schema/define.ts';
import { isMediaField } from '../../../server/schema/fields.ts';
import { entities } from '../../../server/schema/registry.ts';
import { startTestSite, type TestSite } from '../../../server/testing/testSite.ts';
import { checkValues, fieldsOf, formValues, type FormValues } from './entityApi.ts';

const BAD: [string, EntityDef, FormValues][] = [
  ['a missing title', entities.news, { title: '' }],
  ['a link with a script', entities.news, { title: 'x', link: 'javascript:alert(1)' }],
  ['an impossible date', entities.news, { title: 'x', when_date: '2025-02-30' }],
  ['a yes/no that is neither', entities.eventCard, { title: 'x', is_full: 'perhaps' }],
  ['a display that is none of the three', entities.eventCard, { title: 'x', display_event: 'sometimes' }],
  ['an implementation that is none of the three', entities.statePolicy, { implementation: 'maybe' }],
  ['a page URL that is not one of the six', entities.majorEvent, { header: 'x', page_url: '/elsewhere' }],
  [
    '"Show until" before "Show from"',
    entities.news,
    { title: 'x', show_from: '2030-05-02T10:00', show_until: '2030-05-01T10:00' },
  ],
  ['a paper without its files, and a long abstract', entities.paper, { abstract: 'x'.repeat(1001) }],
  ['an empty footer', entities.footer, { legal_notice: '   ' }],
];

/** What the admin's save sends for a new item (every value but files), to the documented write call. */
async function serverSays(site: TestSite, def: EntityDef, values: FormValues) {
  const body = Object.fromEntries(
    fieldsOf(def)
      .filter(([, f]) => !isMediaField(f))
      .map(([k]) => [k, values[k]]),
  );
  const endpoint =
    def.type === 'collection' ? (def.legacy.writes?.create ?? def.legacy.endpoint) : def.legacy.endpoint;
  const res = await site.api(`/api/${endpoint}?media=url&shape=typed`, {
    method: def.type === 'collection' ? 'POST' : 'PUT',
    json: body,
  });
  expect(res.status).toBe(400);
  return (await res.json()) as { error: string; fields: Record<string, string> };
}

describe('the admin form and the server refuse the same input with the same messages', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
    await site.signIn();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it.each(BAD)('%s', async (_what, def, bad) => {
    const values = { ...formValues(def, undefined), ...bad };
    const browser = checkValues(def, values, {});
    expect(browser, 'the form let it through').not.toBeNull();
    const server = await serverSays(site, def, values);
    expect(browser!.error).toBe(server.error);
    // The server also repeats papers' messages under their documented form names (fileName…).
    for (const [key, message] of Object.entries(browser!.fields))
      expect(server.fields[key], key).toBe(message);
    for (const key of Object.keys(def.fields)) expect(browser!.fields[key], key).toBe(server.fields[key]);
  });

  it('lets through what the server saves', async () => {
    const values = {
      ...formValues(entities.news, undefined),
      title: 'Checked twice',
      when_date: '2030-01-02',
    };
    expect(checkValues(entities.news, values, {})).toBeNull();
    const res = await site.api('/api/news.php?media=url&shape=typed', { method: 'POST', json: values });
    expect(res.status).toBe(201);
    expect(((await res.json()) as Record<string, unknown>).when_date).toBe('2030-01-02');
  });
});
