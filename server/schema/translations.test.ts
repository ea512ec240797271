// The words form of a declaration: a page's sections of every kind are translated through one list
// whose items take the words of each kind, its own lists included (a Buttons section's buttons and a
// Questions section's questions are both `items`).
import { describe, expect, it } from 'vitest';
import { entities } from './registry.ts';
import { wordsDef } from './translations.ts';
import { validateItem } from './validate.ts';

describe('the words of a page', () => {
  const words = wordsDef(entities.page)!;

  it('take each kind of section’s own lists, whatever their parts are called', () => {
    const checked = validateItem(words, {
      title: 'Talleres',
      sections: [
        { body: 'Talleres prácticos.' },
        { items: [{ label: 'Inscríbete' }] },
        { items: [{ question: '¿Es gratis?', answer: 'Sí.' }] },
        { items: [{ title: 'Robótica', body: 'Para docentes.' }] },
      ],
    });
    expect(checked).toMatchObject({ ok: true });
  });

  it('still refuse a part no kind of section has', () => {
    const checked = validateItem(words, { sections: [{ items: [{ link: '/contact' }] }] });
    expect(checked.ok).toBe(false);
  });
});
