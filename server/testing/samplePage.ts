// A page staff might build (issue 34), with every kind of section and the starter site's own
// pictures and profiles: for the benchmarks that measure the public pages with one of them.
import { entities } from '../schema/registry.ts';
import { serializeItem, validateItem } from '../content/index/fileFormat.ts';

export const SAMPLE_PAGE_PATH = '/summer-camp';

export const SAMPLE_PAGE = {
  title: 'Summer of CS camp',
  path: SAMPLE_PAGE_PATH,
  summary: 'A week of computer science for teachers new to it, free of charge.',
  sections: [
    {
      type: 'text',
      body: '## Who it is for\n\nTeachers new to computer science, in every part of the state. No experience needed.',
    },
    {
      type: 'image',
      image: 'media/profiles/1.jpg',
      alt: 'A camp coach',
      caption: 'Our coaches have taught CS for years.',
    },
    {
      type: 'buttons',
      items: [
        { label: 'Apply for the camp', link: '/contact' },
        { label: 'Read the news', link: '/news' },
      ],
    },
    {
      type: 'cards',
      heading: 'What you will do',
      items: [
        {
          title: 'Learn',
          body: 'Five days of hands-on lessons.',
          image: 'media/profiles/2.jpg',
          link: '/educators',
        },
        {
          title: 'Plan',
          body: 'A unit for your own class.',
          image: 'media/profiles/3.jpg',
          link: '/research',
        },
      ],
    },
    { type: 'list', heading: 'Latest news', source: 'news', count: 3 },
    { type: 'people', heading: 'Coaches', profiles: ['1', '2'] },
    {
      type: 'faq',
      heading: 'Questions',
      items: [{ question: 'Is the camp free?', answer: 'Yes: travel and meals are paid for.' }],
    },
    {
      type: 'video',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      title: 'The camp in two minutes',
      transcript: 'Teachers talk about what they learned at the camp.',
    },
  ],
};

/** The sample page's file, as the CMS writes it. */
export function samplePageFile(): string {
  const checked = validateItem(entities.page, SAMPLE_PAGE);
  if (!checked.ok) throw new Error(`the sample page is not valid: ${checked.error}`);
  return serializeItem(entities.page, checked.data);
}
