// @vitest-environment jsdom
// The dialog a 409 opens: it shows their version and each choice calls back with that choice,
// from the mouse or the keyboard; Escape is "keep editing".
import '../../test/dom.ts';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { news } from '../../../../server/schema/entities/news.ts';
import type { AdminItem } from '../api.ts';
import { ConflictDialog } from './ConflictDialog.tsx';

const theirs: AdminItem = {
  id: '7',
  version: 'v2',
  title: 'Spring workshop (full)',
  link: '',
  what: '',
  when_date: '2026-03-05',
  show_from: '',
  show_until: '',
};

function open(overwriteLabel?: string) {
  const calls = { onLoadTheirs: vi.fn(), onOverwrite: vi.fn(), onClose: vi.fn() };
  render(<ConflictDialog def={news} theirs={theirs} overwriteLabel={overwriteLabel} {...calls} />);
  const dialog = screen.getByRole('dialog', { name: 'Someone else changed this while you were editing' });
  return { calls, dialog };
}

const only = (calls: Record<string, ReturnType<typeof vi.fn>>, name: string) =>
  Object.entries(calls).forEach(([k, fn]) => expect(fn).toHaveBeenCalledTimes(k === name ? 1 : 0));

describe('ConflictDialog', () => {
  it('shows their version and lands on its title', () => {
    const { dialog } = open();
    expect(within(dialog).getByText('Spring workshop (full)')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveFocus();
  });

  it.each([
    ['Load the newer version', 'onLoadTheirs'],
    ['Save mine anyway', 'onOverwrite'],
    ['Keep editing', 'onClose'],
    ['Close', 'onClose'],
  ])('“%s” calls back %s only', async (button, callback) => {
    const user = userEvent.setup();
    const { calls, dialog } = open();
    await user.click(within(dialog).getByRole('button', { name: button }));
    only(calls, callback);
  });

  it('names the overwrite choice as the caller says, in the button and the explanation', async () => {
    const user = userEvent.setup();
    const { calls, dialog } = open('Delete it anyway');
    expect(dialog).toHaveTextContent('delete it anyway to replace it with yours');
    await user.click(within(dialog).getByRole('button', { name: 'Delete it anyway' }));
    only(calls, 'onOverwrite');
  });

  it('works from the keyboard: Tab through the choices (kept inside), Enter picks one, Escape keeps editing', async () => {
    const user = userEvent.setup();
    const { calls } = open();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    // Tab stays inside the dialog: back from its first control to its last, and on again.
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Load the newer version' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save mine anyway' })).toHaveFocus();
    await user.keyboard('{Enter}');
    only(calls, 'onOverwrite');
    await user.keyboard('{Escape}');
    expect(calls.onClose).toHaveBeenCalledTimes(1);
  });
});
