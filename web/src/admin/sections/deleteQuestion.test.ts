import { describe, expect, it } from 'vitest';
import { deleteQuestionText } from './deleteQuestion.ts';

const spotlight = { name: 'spotlight', itemNoun: 'this spotlight' };

describe('the question before an item is deleted', () => {
  it('is the plain question when the item shows no file anyone else uses', () => {
    expect(
      deleteQuestionText(spotlight, '3', [
        {
          name: '3.jpg',
          shared: false,
          usedBy: [{ entity: 'spotlight', id: '3', label: 'Spotlight', title: 'Rosa' }],
        },
      ]),
    ).toBe('Are you sure you want to delete this spotlight?');
  });

  it('says that its own picture stays while another page shows it, naming that page', () => {
    const text = deleteQuestionText(spotlight, '3', [
      {
        name: '3.jpg',
        shared: false,
        usedBy: [
          { entity: 'spotlight', id: '3', label: 'Spotlight', title: 'Rosa' },
          { entity: 'news', id: '12', label: 'News', title: 'Fair day' },
        ],
      },
    ]);
    expect(text).toBe(
      'Are you sure you want to delete this spotlight?\n\nIts file “3.jpg” is also shown by News “Fair day”: it stays in the media library so that page keeps showing it.',
    );
  });

  it('says that files of the library it shows stay there', () => {
    const text = deleteQuestionText(spotlight, '3', [
      { name: 'a.jpg', shared: true, usedBy: [] },
      { name: 'b.pdf', shared: true, usedBy: [] },
    ]);
    expect(text).toContain(
      'It shows 2 files from the media library (“a.jpg” and “b.pdf”): they stay in the library.',
    );
  });
});
