import { defineCollection, newestFirst } from '../define.ts';
import { date } from '../dateFields.ts';
import { link } from '../linkFields.ts';
import { markdown, text } from '../textFields.ts';
import { image } from '../mediaFields.ts';
import { scheduleFields } from '../schedule.ts';

export const news = defineCollection({
  name: 'news',
  label: 'News',
  folder: 'news',
  itemNoun: 'this news item',
  body: 'what',
  fields: {
    title: text('Title', { translatable: true, required: true }),
    link: link('Link'),
    what: markdown('What', { translatable: true }),
    when_date: date('Date', { help: 'YYYY-MM-DD' }),
    // Files written before the picture existed stay as they are: an empty picture is no line.
    picture: {
      ...image('Picture', {
        help: 'Optional. Shown with the news item, in the news feed and when someone shares the news page.',
        alt: { field: 'picture_alt' },
      }),
      omitWhenEmpty: true,
    },
    picture_alt: {
      ...text('Picture description', {
        translatable: true,
        help: 'What the picture shows, for people who cannot see it. Leave empty to use the description kept with the picture in the media library.',
        max: 300,
      }),
      omitWhenEmpty: true,
    },
    ...scheduleFields(),
  },
  order: newestFirst('when_date'),
  legacy: { endpoint: 'news.php' },
  search: { page: () => '/news' },
  admin: { route: '/NewsAdminPage', description: 'News items, newest first.', titleField: 'title' },
});
