// @vitest-environment jsdom
// The compare view of an item's history: which fields differ, removed and added words marked and
// said in words for screen readers, and its two actions.
import '../../test/dom.ts';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { news } from '../../../../server/schema/entities/news.ts';
import type { AdminItem } from '../api.ts';
import CompareView from './CompareView.tsx';

const base: AdminItem = {
  id: '7',
  version: 'v1',
  title: 'Spring workshop in Boston',
  link: 'https://example.org/a',
  what: '',
  when_date: '2026-03-05',
  show_from: '',
  show_until: '',
};
const older = base;
const current: AdminItem = {
  ...base,
  version: 'v2',
  title: 'Spring workshop in Denver',
  when_date: '2026-03-06',
};

function compare(props: Partial<Parameters<typeof CompareView>[0]> = {}) {
  const onRestore = vi.fn();
  const onBack = vi.fn();
  render(
    <CompareView
      def={news}
      older={older}
      newer={current}
      olderName="the version saved Mar 5, 2026 by Ana"
      busy={false}
      onRestore={onRestore}
      onBack={onBack}
      {...props}
    />,
  );
  return { onRestore, onBack };
}

describe('CompareView', () => {
  it('says how many fields differ and shows only those', () => {
    compare();
    expect(screen.getByRole('status')).toHaveTextContent('2 of 8 fields differ.');
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Title', 'Date']);
  });

  it('marks the removed and added words and says which version each is in', () => {
    compare();
    const title = screen.getByRole('region', { name: 'Title' });
    const removed = title.querySelector('del');
    const added = title.querySelector('ins');
    expect(removed).toHaveTextContent(/^\[only in this version: Boston\]$/);
    expect(added).toHaveTextContent(/^\[only in the current version: Denver\]$/);
    // The words both versions share are plain text, and read in order with the marked ones.
    expect(title.querySelector('.admin-diff')).toHaveTextContent(
      /^Spring workshop in \[only in this version: Boston\]\[only in the current version: Denver\]$/,
    );
    expect(within(title).getByText(/only in this version/)).toHaveClass('visually-hidden');
  });

  it('shows short values side by side', () => {
    compare();
    const date = screen.getByRole('region', { name: 'Date' });
    const [mine, now] = within(date).getAllByRole('figure');
    expect(mine).toHaveTextContent('This version');
    expect(now).toHaveTextContent('Current');
    expect(date.querySelector('del, ins')).toBeNull();
  });

  it('shows the unchanged fields too on request, marked as unchanged', async () => {
    const user = userEvent.setup();
    compare();
    await user.click(screen.getByRole('checkbox', { name: 'Show unchanged fields too' }));
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(8);
    expect(screen.getByRole('region', { name: /^Link ?\(unchanged\)$/ })).toBeInTheDocument();
  });

  it('says so when nothing differs', () => {
    compare({ newer: { ...older, version: 'v2' } });
    expect(screen.getByRole('status')).toHaveTextContent('Nothing differs from the current version.');
  });

  it('names the two sides older and newer when the newer is not the current version', () => {
    compare({ newerName: 'the version saved Mar 6, 2026 by Ben' });
    expect(
      screen.getByText(/^Comparing the version saved Mar 5, 2026 by Ana \(older\) with/),
    ).toHaveTextContent('with the version saved Mar 6, 2026 by Ben (newer).');
    const title = screen.getByRole('region', { name: 'Title' });
    expect(title.querySelector('del')).toHaveTextContent(/^\[only in the older version: Boston\]$/);
    expect(title.querySelector('ins')).toHaveTextContent(/^\[only in the newer version: Denver\]$/);
    const [left, right] = within(screen.getByRole('region', { name: 'Date' })).getAllByRole('figure');
    expect(left).toHaveTextContent('Older version');
    expect(right).toHaveTextContent('Newer version');
    expect(screen.getByRole('button', { name: 'Restore the older version' })).toBeInTheDocument();
  });

  it('restores or goes back from the keyboard', async () => {
    const user = userEvent.setup();
    const { onRestore, onBack } = compare();
    screen.getByRole('button', { name: 'Restore this version' }).focus();
    await user.keyboard('{Enter}');
    expect(onRestore).toHaveBeenCalledTimes(1);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Back to the list' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('does not restore while a restore is under way', () => {
    compare({ busy: true });
    expect(screen.getByRole('button', { name: 'Restore this version' })).toBeDisabled();
  });
});
