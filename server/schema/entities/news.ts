import { defineCollection, newestFirst } from '../define.ts';
import { date } from '../dateFields.ts';
import { link } from '../linkFields.ts';
import { markdown, text } from '../textFields.ts';
import { scheduleFields } from '../schedule.ts';

export const news = defineCollection({
  name: 'news',
  label: 'News',
  folder: 'news',
  itemNoun: 'this news item',
  body: 'what',
  fields: {
    title: text('Title', { required: true }),
    link: link('Link'),
    what: markdown('What'),
    when_date: date('Date', { help: 'YYYY-MM-DD' }),
    ...scheduleFields(),
  },
  order: newestFirst('when_date'),
  legacy: { endpoint: 'news.php' },
  search: { page: () => '/news' },
  admin: { route: '/NewsAdminPage', description: 'News items, newest first.', titleField: 'title' },
});
