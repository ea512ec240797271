import { describe, expect, it } from 'vitest';
import { withDraftMedia } from './draftMedia.ts';

describe('a text’s pictures in a draft’s preview', () => {
  it('come from the draft’s preview, in markdown and in raw HTML', () => {
    expect(
      withDraftMedia(
        '![A](/media/library/a.jpg) [brief](</media/library/b.pdf>) <img src="/media/x.png">',
        'ab12',
      ),
    ).toBe(
      '![A](/preview/ab12/media/library/a.jpg) [brief](</preview/ab12/media/library/b.pdf>) <img src="/preview/ab12/media/x.png">',
    );
  });
  it('stay as written on the live site, and other addresses always', () => {
    expect(withDraftMedia('![A](/media/a.jpg)', null)).toBe('![A](/media/a.jpg)');
    expect(withDraftMedia('See /media/a.jpg and ![B](https://e.org/media/b.jpg)', 'ab12')).toBe(
      'See /media/a.jpg and ![B](https://e.org/media/b.jpg)',
    );
  });
});
