// The wire edge, table-driven over the registry: every entity, every field kind. Stored values are
// typed (booleans, readable names, ISO dates); the documented endpoints' spellings ('0'/'1', codes,
// DD/MM/YYYY) exist only between fromWire and toWire.
import { describe, expect, it } from 'vitest';
import { allEntities } from '../../schema/registry.ts';
import type { EntityDef, Fields } from '../../schema/define.ts';
import { fromWire, toWire } from './wire.ts';
import { fieldFromWire, fieldToWire } from './fieldWire.ts';
import { isMediaField, type AnyField, type FieldKind } from '../../schema/fields.ts';
import { validateItem } from '../../schema/validate.ts';

const fieldsOf = (def: EntityDef) => Object.entries(def.fields as Fields);

/** Stored values each kind can hold (flags both ways, every code's name, every choice). */
function storedSamples(field: AnyField): unknown[] {
  const byKind: Record<FieldKind, () => unknown[]> = {
    // A text field with a form of its own (a page's address) says what it takes.
    text: () => [...(field.examples ?? ['Plain text']), ''],
    markdown: () => ['## Heading\n\n- one\n- two', ''],
    link: () => [...(field.examples ?? ['https://example.org/page', '/summerOfCS']), ''],
    date: () => ['2025-03-05', '2024-02-29', ''],
    time: () => ['09:00', '17:30', ''],
    datetime: () => ['2026-03-05T09:00:00-08:00', '2026-03-06T09:00:00-08:00', ''],
    flag: () => [true, false],
    codes: () => field.options!.map((o) => o.value),
    choice: () => field.options!.map((o) => o.value),
    image: () => ['media/x/1.jpg', ''],
    pdf: () => ['media/x/1.pdf', ''],
    list: () => [...(field.examples ?? [[]])],
  };
  return byKind[field.kind]();
}

/** Every spelling the documented endpoints accept for a field, with the stored value it stands for. */
function wireSpellings(field: AnyField): [unknown, unknown][] {
  switch (field.kind) {
    case 'flag':
      return [
        ...[true, '1', 'true', 1].map((w): [unknown, unknown] => [w, true]),
        ...[false, '0', 'false', 0].map((w): [unknown, unknown] => [w, false]),
      ];
    case 'codes':
      return field.options!.flatMap((o): [unknown, unknown][] => {
        const code = fieldToWire(field, o.value);
        return [
          [code, o.value],
          [` ${code} `, o.value],
          [Number(code), o.value],
          [o.value, o.value],
        ];
      });
    case 'date':
      return [
        ['2025-03-05', '2025-03-05'],
        ['05/03/2025', '2025-03-05'],
        ['5/3/2025', '2025-03-05'],
        [' 2025-03-05 ', '2025-03-05'],
      ];
    default:
      return [];
  }
}

/** Wire spellings that must never be taken for stored values. */
function wireOnly(field: AnyField): unknown[] {
  switch (field.kind) {
    case 'flag':
      return ['1', '0', 'true', 'false', 1, 0, ''];
    case 'codes':
      return field
        .options!.map((o) => fieldToWire(field, o.value))
        .filter((c) => !field.options!.some((o) => o.value === c));
    case 'date':
      return ['05/03/2025', '5/3/2025'];
    default:
      return [];
  }
}

const cases = allEntities.flatMap((def) =>
  fieldsOf(def).map(([key, field]) => [`${def.name}.${key} (${field.kind})`, def, key, field] as const),
);

describe.each(cases)('%s', (_name, def, key, field) => {
  it('reads back from the wire every stored value it sends: fromWire(toWire(x)) = x', () => {
    if (isMediaField(field)) return; // sent as bytes or URLs, set by uploads only
    for (const stored of storedSamples(field)) {
      expect(fieldFromWire(field, fieldToWire(field, stored)), JSON.stringify(stored)).toEqual(stored);
      if (stored !== '' || !field.required)
        expect(field.schema.safeParse(stored).success, JSON.stringify(stored)).toBe(true);
    }
  });

  it('decodes every accepted wire spelling to the stored value', () => {
    for (const [wire, stored] of wireSpellings(field)) {
      expect(fieldFromWire(field, wire), JSON.stringify(wire)).toEqual(stored);
    }
  });

  it('refuses wire spellings as stored values, with the message the endpoint gives', () => {
    // What a documented endpoint says of a value it cannot decode (fromWire passes it on unchanged).
    const sent = validateItem(def, fromWire(def, { [key]: 'not a value of this field' }));
    const message = sent.ok ? undefined : sent.fields?.[key];
    for (const wire of wireOnly(field)) {
      const parsed = field.schema.safeParse(wire);
      expect(parsed.success, `${JSON.stringify(wire)} taken as stored`).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(message);
    }
  });
});

describe.each(allEntities.map((def) => [def.name, def] as const))('%s as a whole', (_name, def) => {
  it('round-trips an item through its documented names: fromWire(toWire(item)) = item less media', () => {
    const data: Record<string, unknown> = {};
    // "Show until" must be later than "Show from": the second sample time is.
    for (const [key, field] of fieldsOf(def)) data[key] = storedSamples(field)[key === 'show_until' ? 1 : 0];
    const wire = toWire(def, { id: '3', version: 'v', data }, (p) => `/${p}`);
    const back = fromWire(def, wire);
    const expected = Object.fromEntries(
      fieldsOf(def)
        .filter(([, f]) => !isMediaField(f))
        .map(([k]) => [k, data[k]]),
    );
    expect(back).toEqual(expected);
    // What comes back is what the schema keeps, unchanged.
    const valid = validateItem(def, { ...data, ...back });
    expect(valid.ok && Object.fromEntries(Object.keys(expected).map((k) => [k, valid.data[k]]))).toEqual(
      expected,
    );
  });

  it('names fields on the wire as documented, and reads the write aliases back to stored names', () => {
    for (const [key, field] of fieldsOf(def)) {
      const wireKey = def.legacy.rename?.[key] ?? key;
      // Media fields are never taken from a body: uploads set them.
      expect(Object.keys(fromWire(def, { [wireKey]: '' }))).toEqual(isMediaField(field) ? [] : [key]);
    }
    for (const [alias, stored] of Object.entries(def.legacy.writes?.aliases ?? {})) {
      if (isMediaField((def.fields as Fields)[stored]!)) continue;
      expect(Object.keys(fromWire(def, { [alias]: '' }))).toEqual([stored]);
    }
    expect(fromWire(def, { id: '4', version: 'abc', timestamp: '1', nonsense: 'x' })).toEqual({});
  });
});
