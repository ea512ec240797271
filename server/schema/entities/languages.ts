import { defineSingleton } from '../define.ts';
import { text } from '../textFields.ts';
import { list } from '../listFields.ts';
import { fieldText } from '../fieldText.ts';
import { LANGUAGE_CODE, SOURCE_LANGUAGE, STARTER_LANGUAGES } from '../site/languages.ts';

/** Languages a site may list: English and a handful more keeps every page's switcher short. */
export const MAX_LANGUAGES = 8;

/**
 * The languages of the public site (issue 36): English first, the source every item is written in,
 * then each language staff translate into. Adding one by its code and name needs no code: its pages
 * appear under /<code>/, showing English wherever nothing is translated yet. Admins only.
 */
export const languages = defineSingleton({
  name: 'languages',
  label: 'Languages',
  file: 'site/languages',
  fields: {
    languages: {
      ...list(
        'Languages',
        {
          noun: 'language',
          min: 1,
          max: MAX_LANGUAGES,
          fields: {
            code: text('Code', {
              required: true,
              max: 2,
              help: 'Two lower-case letters, as in the addresses of its pages: es for Spanish (/es/news).',
            }),
            name: text('Name', {
              required: true,
              max: 40,
              help: 'The language’s name in itself, as the language menu shows it: Español.',
            }),
          },
        },
        { help: 'English comes first: every item is written in English and translated from it.' },
      ),
      onlyAdmins: true,
      examples: [STARTER_LANGUAGES.map((l) => ({ ...l })), [{ code: 'en', name: 'English' }]],
    },
  },
  legacy: { endpoint: 'languages' },
  rules: {
    check: ({ data, items, entity }) => {
      const problems: Record<string, string> = {};
      // A language's pages are under /<code>/: a page staff built there would hide them.
      const pages = entity('pages');
      const taken = new Set(
        (pages ? items.list(pages) : []).map((p) => fieldText(p.data.path).split('/')[1] ?? ''),
      );
      const listed = Array.isArray(data.languages) ? (data.languages as Record<string, unknown>[]) : [];
      const seen = new Set<string>();
      listed.forEach((l, i) => {
        const code = fieldText(l.code);
        if (i === 0 && code !== SOURCE_LANGUAGE)
          problems[`languages.${i}.code`] =
            'English (en) comes first: it is the language items are written in.';
        else if (!LANGUAGE_CODE.test(code))
          problems[`languages.${i}.code`] =
            `Language ${i + 1}: the code is two lower-case letters, such as es.`;
        else if (seen.has(code))
          problems[`languages.${i}.code`] = `Language ${i + 1}: ${code} is listed twice.`;
        else if (i > 0 && taken.has(code))
          problems[`languages.${i}.code`] =
            `Language ${i + 1}: a page of the site is at /${code}, where this language’s pages would go. Move that page first.`;
        seen.add(code);
      });
      return Object.keys(problems).length ? problems : null;
    },
  },
  admin: {
    route: '/LanguagesAdminPage',
    description: 'The languages of the public site: English, and those it is translated into.',
  },
});

/** The codes a languages item lists (the source language first), whatever it holds. */
export function languageCodes(data: Record<string, unknown> | undefined): string[] {
  const listed = Array.isArray(data?.languages) ? (data.languages as Record<string, unknown>[]) : [];
  const codes = listed.map((l) => fieldText(l.code)).filter((c) => LANGUAGE_CODE.test(c));
  return codes.includes(SOURCE_LANGUAGE) ? codes : [SOURCE_LANGUAGE, ...codes];
}
