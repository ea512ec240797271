// @vitest-environment jsdom
// A library card: what the file is in words, "Not used" or where it is used (item by item, each
// linked to its form, a draft's use in its draft), and its name opens the details.
import '../../test/dom.ts';
import { render, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { MediaCard } from './MediaCard.tsx';
import { libraryFile } from './mediaTestKit.ts';
import type { MediaFile } from './mediaTypes.ts';

function show(file: MediaFile) {
  const onOpen = vi.fn();
  render(
    <MemoryRouter>
      <ul>
        <MediaCard file={file} onOpen={onOpen} />
      </ul>
    </MemoryRouter>,
  );
  return { onOpen, card: document.querySelector<HTMLElement>('.media-card')! };
}

describe('MediaCard', () => {
  it('says what the file is, with a small picture, and that nothing uses it', async () => {
    const user = userEvent.setup();
    const file = libraryFile('class-photo.jpg', { bytes: 1.4 * 1024 * 1024 });
    const { card, onOpen } = show(file);
    expect(card).toHaveTextContent('Picture · 1.4 MB · 1200 × 800 pixels');
    expect(within(card).getByText('Not used')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute(
      'src',
      '/media/library/class-photo.jpg?v=0123456789ab&w=320',
    );
    await user.click(within(card).getByRole('button', { name: 'class-photo.jpg: details' }));
    expect(onOpen).toHaveBeenCalledWith(file);
  });

  it('counts the items that use it (two fields of one item are one) and links each to its form', async () => {
    const user = userEvent.setup();
    const { card } = show(
      libraryFile('logo.png', {
        usedBy: [
          { entity: 'news', id: '5', field: 'what', title: 'Robotics club', label: 'News' },
          { entity: 'news', id: '5', field: 'image', title: 'Robotics club', label: 'News' },
          {
            entity: 'news',
            id: '9',
            field: 'what',
            title: 'Spring fair',
            label: 'News',
            draft: { id: 'spring', title: 'Spring news' },
          },
        ],
      }),
    );
    expect(within(card).queryByText('Not used')).toBeNull();
    await user.click(within(card).getByText('Used by 2 items'));
    expect(within(card).getByRole('link', { name: 'News: Robotics club' })).toHaveAttribute(
      'href',
      '/NewsAdminPage?news=5',
    );
    expect(within(card).getByRole('link', { name: 'News: Spring fair' })).toHaveAttribute(
      'href',
      '/NewsAdminPage?news=9&draft=spring',
    );
    expect(card).toHaveTextContent('in the draft “Spring news”');
  });

  it('shows a PDF as a PDF, with no pixels', () => {
    const { card } = show(libraryFile('report.pdf', { bytes: 2048 }));
    expect(card).toHaveTextContent('PDF · 2 KB');
    expect(card).not.toHaveTextContent('pixels');
    expect(card.querySelector('img')).toBeNull();
  });
});
