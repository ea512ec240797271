// One table-driven test over every entity: schema, storage round trip and wire codec.
import { describe, expect, it } from 'vitest';
import { allEntities, entities, entityForPath, itemPath } from './registry.ts';
import { initialValues, type Fields } from './define.ts';
import { fromWire, toWire } from '../http/legacy/wire.ts';
import { parseItemFile, serializeItem, validateItem } from '../content/index/fileFormat.ts';
import { normalizeLink } from './links.ts';
import { parseDate } from '../http/legacy/fieldWire.ts';
import { fieldLeaves } from './listFields.ts';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A valid sample value for each field kind (the first option for closed sets). */
function sample(def: (typeof allEntities)[number]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(def.fields as Fields)) {
    switch (f.kind) {
      case 'text':
        // A text field with a form of its own (a page's address) gives its examples.
        data[key] = f.examples?.[0] ?? `Sample ${key}`;
        break;
      case 'markdown':
        data[key] = `## ${key}\n\n- one\n- two\n\n<u>under</u> and <span style="color:#E8805E">orange</span>`;
        break;
      case 'link':
        data[key] = f.examples?.[0] ?? 'https://example.org/page';
        break;
      case 'date':
        data[key] = '2025-03-05';
        break;
      case 'flag':
        data[key] = true;
        break;
      case 'codes':
      case 'choice':
        data[key] = f.options![f.options!.length - 1]!.value;
        break;
      case 'image':
        data[key] = `media/x/1.jpg`;
        break;
      case 'pdf':
        data[key] = `media/x/1.pdf`;
        break;
      case 'list':
        // Lists declare a full example (a page's sections: one of every kind).
        data[key] = f.examples?.[0] ?? [];
        break;
    }
  }
  return data;
}

describe.each(allEntities.map((def) => [def.name, def] as const))('%s', (_name, def) => {
  it('validates a full sample, stores it as readable front matter and reads it back unchanged', () => {
    const valid = validateItem(def, sample(def));
    expect(valid.ok, JSON.stringify(valid)).toBe(true);
    if (!valid.ok) return;
    const text = serializeItem(def, valid.data);
    expect(text.startsWith('---\n')).toBe(true);
    expect(text.endsWith('\n')).toBe(true);
    if (def.body) expect(text).toContain(`\n---\n${String(valid.data[def.body]).split('\n')[0]}`);
    for (const [key, f] of Object.entries(def.fields as Fields)) {
      // Multi-line markdown is never a JSON string; flags are YAML booleans, codes readable names.
      if (f.kind === 'markdown' && key !== def.body) expect(text).toMatch(new RegExp(`^${key}: \\|-?$`, 'm'));
      if (f.kind === 'flag') expect(text).toMatch(new RegExp(`^${key}: (true|false)$`, 'm'));
      // Inside a list too: a section's multi-line markdown is a block scalar, never "…\\n…".
      if (f.kind === 'list') {
        const multiLine = fieldLeaves(def.fields as Fields, valid.data).filter(
          (l) => l.field.kind === 'markdown' && String(l.value).includes('\n'),
        );
        for (const leaf of multiLine)
          expect(text.split('\n'), leaf.key).toContainEqual(
            expect.stringMatching(new RegExp(`^ +${escapeRe(String(leaf.value).split('\n')[0]!)}$`)),
          );
        if (multiLine.length) expect(text).not.toMatch(/\\n/);
      }
    }
    const back = parseItemFile(def, text);
    expect(back).toEqual({ ok: true, data: valid.data });
    expect(serializeItem(def, (back as { data: Record<string, unknown> }).data)).toBe(text);
  });

  it('encodes every field on the wire as a string, under its documented name', () => {
    const valid = validateItem(def, sample(def));
    if (!valid.ok) throw new Error(valid.error);
    const wire = toWire(def, { id: '7', version: 'abc', data: valid.data }, (p) => `/${p}`);
    expect(wire.id).toBe('7');
    expect(wire.version).toBe('abc');
    for (const [key, f] of Object.entries(def.fields as Fields)) {
      const name = def.legacy.rename?.[key] ?? key;
      if (f.kind === 'list') continue; // JSON calls of their own: below
      expect(typeof wire[name], `${def.name}.${name}`).toBe('string');
      if (f.kind === 'flag') expect(wire[name]).toBe('1');
    }
  });

  it('sends a list as a JSON array: its parts as stored, its pictures and files as addresses', () => {
    const lists = Object.entries(def.fields as Fields).filter(([, f]) => f.kind === 'list');
    if (!lists.length) return;
    const valid = validateItem(def, sample(def));
    if (!valid.ok) throw new Error(valid.error);
    const wire = toWire(def, { id: '7', version: 'abc', data: valid.data }, (p) => `/${p}`);
    const listFields: Fields = Object.fromEntries(lists);
    const sent = fieldLeaves(listFields, wire);
    const stored = fieldLeaves(listFields, valid.data);
    expect(sent.map((l) => l.key)).toEqual(stored.map((l) => l.key));
    expect(stored.length).toBeGreaterThan(0);
    for (const [i, leaf] of stored.entries()) {
      const media = leaf.field.kind === 'image' || leaf.field.kind === 'pdf';
      expect(sent[i]!.value, leaf.key).toEqual(
        media && typeof leaf.value === 'string' && leaf.value ? `/${leaf.value}` : leaf.value,
      );
    }
    for (const [key] of lists) expect(Array.isArray(wire[def.legacy.rename?.[key] ?? key])).toBe(true);
    // and the documented write calls read it back as it was stored
    expect(validateItem(def, fromWire(def, wire))).toEqual({ ok: true, data: valid.data });
  });

  it('starts new items from values its own schema accepts, apart from required fields', () => {
    const result = validateItem(def, initialValues(def));
    const required = Object.entries(def.fields as Fields)
      .filter(([, f]) => f.required)
      .map(([k]) => k);
    if (result.ok) expect(required).toEqual([]);
    else expect(Object.keys(result.fields ?? {}).sort()).toEqual(required.sort());
  });

  it('maps its file path back to itself', () => {
    if (def.storage === 'private') return;
    expect(entityForPath(itemPath(def, '12'))?.def).toBe(def);
  });
});

describe('wire encodings of the spec', () => {
  it('display_event, is_full, implementation and news_type use the documented codes', () => {
    const card = validateItem(entities.eventCard, {
      title: 'x',
      display_event: 'event-page',
      is_full: false,
      news_type: 'spotlight',
    });
    if (!card.ok) throw new Error(card.error);
    const wire = toWire(entities.eventCard, { id: '1', version: '', data: card.data }, () => '');
    expect(wire).toMatchObject({
      display_event: '1',
      is_full: '0',
      news_type: '2',
      major_event_associated: 'None',
    });
    const decoded = fromWire(entities.eventCard, { title: 'x', display_event: '2', is_full: '1' });
    const sent = validateItem(entities.eventCard, decoded);
    expect(sent.ok && sent.data).toMatchObject({ display_event: 'everywhere', is_full: true });
    const policy = validateItem(
      entities.statePolicy,
      fromWire(entities.statePolicy, { title: 't', text: 'x', implementation: '3' }),
    );
    expect(policy.ok && policy.data.implementation).toBe('not-implemented');
    const bad = validateItem(
      entities.statePolicy,
      fromWire(entities.statePolicy, { title: 't', text: 'x', implementation: '4' }),
    );
    expect(bad.ok ? null : bad.fields?.implementation).toMatch(
      /1 \(Implemented\), 2 \(In Progress\) or 3 \(Not Implemented\)/,
    );
  });

  it('papers store ISO dates and read publicationDate as DD/MM/YYYY', () => {
    const p = validateItem(entities.paper, {
      ...fromWire(entities.paper, { studyTitle: 't', fileName: 'f', publicationDate: '05/03/2025' }),
      pdf: 'media/papers/1.pdf',
      first_page: 'media/papers/1.jpg',
    });
    if (!p.ok) throw new Error(p.error);
    expect(p.data.publication_date).toBe('2025-03-05');
    expect(toWire(entities.paper, { id: '1', version: '', data: p.data }, () => '').publicationDate).toBe(
      '05/03/2025',
    );
  });

  it('refuses impossible dates and over-long abstracts with plain messages', () => {
    expect(parseDate('2025-02-30')).toBeNull();
    const long = validateItem(entities.paper, {
      study_title: 't',
      file_name: 'f',
      pdf: 'media/papers/1.pdf',
      first_page: 'media/papers/1.jpg',
      abstract: 'x'.repeat(1001),
    });
    expect(long.ok ? null : long.fields?.abstract).toBe('Abstract content must be at most 1000 characters');
    // Exactly at the limit, with trailing blank lines, still reads back from its file.
    const atMax = validateItem(entities.paper, {
      study_title: 't',
      file_name: 'f',
      pdf: 'media/papers/1.pdf',
      first_page: 'media/papers/1.jpg',
      abstract: `${'x'.repeat(1000)}\n\n`,
    });
    if (!atMax.ok) throw new Error(atMax.error);
    expect(parseItemFile(entities.paper, serializeItem(entities.paper, atMax.data)).ok).toBe(true);
    const missing = validateItem(entities.paper, { study_title: 't' });
    expect(missing.ok ? null : missing.error).toBe(
      'Please provide a file name, a PDF file, and a first page image.',
    );
  });

  it('normalises links as DESIGN decision 12 says', () => {
    expect(normalizeLink('/summerOfCS')).toBe('/summerOfCS');
    expect(normalizeLink('example.org/x')).toBe('https://example.org/x');
    expect(normalizeLink('http://example.org')).toBe('http://example.org');
    expect(normalizeLink('mailto:info@example.org')).toBe('mailto:info@example.org');
    expect(normalizeLink('javascript:alert(1)')).toBeNull();
    expect(normalizeLink('JaVaScRiPt:alert(1)')).toBeNull();
    expect(normalizeLink('data:text/html,<script>')).toBeNull();
    expect(normalizeLink('//evil.example/x')).toBeNull();
  });

  it('refuses JavaScript front matter instead of running it', () => {
    const g = globalThis as { pwned?: boolean };
    const result = parseItemFile(
      entities.news,
      '---js\n{ title: (globalThis.pwned = true, "x") }\n---\nbody\n',
    );
    expect(result.ok).toBe(false);
    expect(g.pwned).toBeUndefined();
    const js2 = parseItemFile(
      entities.news,
      '---javascript\n{ title: (globalThis.pwned = true, "x") }\n---\n',
    );
    expect(js2.ok).toBe(false);
    expect(g.pwned).toBeUndefined();
  });

  it('does not let YAML merge keys or tags reach the prototype', () => {
    const r = parseItemFile(entities.news, '---\ntitle: x\n__proto__:\n  polluted: true\n---\n');
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(r.ok).toBe(false);
    const tag = parseItemFile(entities.news, '---\ntitle: !!js/function "function(){}"\n---\n');
    expect(tag.ok).toBe(false);
  });
});
