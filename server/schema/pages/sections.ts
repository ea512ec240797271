// A page's sections (issue 34): the few kinds of section staff build pages from, each made of
// ordinary fields, with the limits the editor checks as staff type and the server checks again.
// The public site draws each kind with its own components (web/src/site/sections/). Stored as a YAML
// list in the page's file (markdown as block scalars, so `git diff` reads line by line).
// Pure TypeScript + zod: the web app imports this module too.
import { z } from 'zod';
import type { FieldDef } from '../fields.ts';
import { link } from '../linkFields.ts';
import { image } from '../mediaFields.ts';
import { list, type ListItemType } from '../listFields.ts';
import { markdown, text } from '../textFields.ts';
import { choice } from '../choiceFields.ts';
import { videoOf } from '../site/videos.ts';

/** How many sections a page may have: enough for a long landing page, few enough to stay readable. */
export const MAX_SECTIONS = 30;
/** How many items a list section shows at most. */
export const MAX_LISTED = 12;

/** What a list section follows: the site's own lists, by their registry names. */
export const LIST_SOURCES = ['news', 'events', 'papers'] as const;
export type ListSource = (typeof LIST_SOURCES)[number];

const heading = () =>
  text('Heading', {
    translatable: true,
    max: 120,
    help: 'Optional. Shown above the section as its heading.',
  });

/** How many items a list section shows: a whole number from 1 to MAX_LISTED (the wire may send "3"). */
const count = (): FieldDef<'choice', number> => {
  const values = Array.from({ length: MAX_LISTED }, (_, i) => i + 1);
  return {
    kind: 'choice',
    label: 'How many',
    required: true,
    initial: 3,
    options: values.map((v) => ({ value: v, label: String(v) })),
    schema: z
      .union([z.number(), z.string()], { error: 'How many must be a number' })
      .optional()
      .transform((v, ctx) => {
        const n = v === undefined || v === '' ? 3 : Number(v);
        if (Number.isInteger(n) && n >= 1 && n <= MAX_LISTED) return n;
        ctx.addIssue({ code: 'custom', message: `How many must be a whole number from 1 to ${MAX_LISTED}` });
        return z.NEVER;
      }),
  };
};

/** A profile chosen by its id (the People page's profiles). */
const profileId = (): FieldDef<'text', string> => ({
  ...text('Person', { required: true }),
  schema: z.union([z.string(), z.number()], { error: 'Person must be a profile' }).transform((v, ctx) => {
    const id = String(v).trim();
    if (/^\d{1,9}$/.test(id)) return id;
    ctx.addIssue({ code: 'custom', message: 'Person must be a profile (its number)' });
    return z.NEVER;
  }),
});

/** A YouTube or Vimeo address. */
const videoLink = (): FieldDef<'link', string> => {
  const base = link('Video address', {
    required: true,
    help: 'The address of the video on YouTube or Vimeo, as you see it in the browser.',
  });
  return {
    ...base,
    placeholder: 'https://www.youtube.com/watch?v=…',
    schema: base.schema.refine((v) => v === '' || videoOf(v) !== null, {
      message:
        'Video address must be a YouTube or Vimeo video (https://www.youtube.com/watch?v=… or https://vimeo.com/…)',
    }),
  };
};

export const SECTION_TYPES = {
  text: {
    label: 'Text',
    help: 'Paragraphs, headings, lists and links.',
    fields: { body: markdown('Text', { translatable: true, required: true, max: 20000 }) },
  },
  image: {
    label: 'Picture',
    help: 'A picture from the media library, with a caption.',
    fields: {
      image: image('Picture', { required: true, alt: { field: 'alt' } }),
      alt: text('Picture description', {
        translatable: true,
        max: 300,
        help: 'What the picture shows, for people who cannot see it. Leave empty to use the description kept with the picture in the media library; write “decorative” if it adds nothing.',
      }),
      caption: text('Caption', { translatable: true, max: 300, help: 'Optional. Shown under the picture.' }),
    },
  },
  buttons: {
    label: 'Buttons',
    help: 'One to four buttons that lead somewhere.',
    fields: {
      items: list(
        'Buttons',
        {
          noun: 'button',
          min: 1,
          max: 4,
          fields: {
            label: text('Button words', { translatable: true, required: true, max: 60 }),
            link: link('Link', { required: true }),
          },
        },
        { nested: true },
      ),
    },
  },
  cards: {
    label: 'Cards',
    help: 'A row of cards, each with a title, a few words, a picture and a link.',
    fields: {
      heading: heading(),
      items: list(
        'Cards',
        {
          noun: 'card',
          min: 1,
          max: 12,
          fields: {
            title: text('Title', { translatable: true, required: true, max: 120 }),
            body: markdown('Text', { translatable: true, max: 600 }),
            // The card's title says what it is about: its picture goes beside it without words.
            image: image('Picture', { alt: 'decorative' }),
            link: link('Link'),
          },
        },
        { nested: true },
      ),
    },
  },
  list: {
    label: 'Latest from the site',
    help: 'The latest news, the upcoming events or the newest papers, kept up to date by the site.',
    fields: {
      heading: heading(),
      source: {
        ...choice('Show', LIST_SOURCES, {
          initial: 'news',
          labels: { news: 'Latest news', events: 'Upcoming events', papers: 'Newest papers' },
        }),
        required: true,
      },
      count: count(),
    },
  },
  people: {
    label: 'People',
    help: 'Chosen people from the About page, with their pictures.',
    fields: {
      heading: heading(),
      profiles: list('People', { noun: 'person', min: 1, max: 24, each: profileId() }, { nested: true }),
    },
  },
  faq: {
    label: 'Questions and answers',
    help: 'Questions that open to show their answers.',
    fields: {
      heading: heading(),
      items: list(
        'Questions',
        {
          noun: 'question',
          min: 1,
          max: 30,
          fields: {
            question: text('Question', { translatable: true, required: true, max: 200 }),
            answer: markdown('Answer', { translatable: true, required: true, max: 3000 }),
          },
        },
        { nested: true },
      ),
    },
  },
  video: {
    label: 'Video',
    help: 'A YouTube or Vimeo video, loaded only when a visitor plays it.',
    fields: {
      url: videoLink(),
      title: text('Video title', {
        translatable: true,
        required: true,
        max: 150,
        help: 'What the video is called: the play button and the text alternative say it.',
      }),
      transcript: markdown('What the video says', {
        translatable: true,
        max: 20000,
        help: 'Optional but best: a transcript or description, for people who cannot watch or hear it.',
      }),
    },
  },
} as const satisfies Record<string, ListItemType>;

export type SectionType = keyof typeof SECTION_TYPES;

/** One section of each kind, as stored: for tests that fill every field, and the docs. */
export const SECTION_EXAMPLES: readonly Record<string, unknown>[] = [
  { type: 'text', body: '## Who it is for\n\nTeachers new to computer science.' },
  { type: 'image', image: 'media/library/camp-3f9a1c.jpg', alt: 'Students at laptops', caption: 'Camp 2025' },
  { type: 'buttons', items: [{ label: 'Apply now', link: '/contact' }] },
  {
    type: 'cards',
    heading: 'Programs',
    items: [{ title: 'Summer camp', body: 'A week of coding.', image: '', link: '/news' }],
  },
  { type: 'list', heading: 'Latest news', source: 'news', count: 3 },
  { type: 'people', heading: 'Our team', profiles: ['1', '2'] },
  { type: 'faq', heading: '', items: [{ question: 'Is it free?', answer: 'Yes, for every teacher.' }] },
  {
    type: 'video',
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    title: 'Camp in two minutes',
    transcript: 'Students and teachers talk about the camp.',
  },
];

export const sectionsField = () => ({
  ...list(
    'Sections',
    { noun: 'section', min: 0, max: MAX_SECTIONS, types: SECTION_TYPES },
    { help: 'The page from top to bottom. Add, move, copy and remove sections.' },
  ),
  examples: [SECTION_EXAMPLES, []],
});
