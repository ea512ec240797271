// @vitest-environment jsdom
// The site's modal dialog, which every admin dialog builds on: named by its title, focus on its
// first field, closed by Escape, its × or a click on the overlay (not inside), and focus back on
// the button that opened it.
import '../test/dom.ts';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './Modal.tsx';

function Page({ field = true }: { field?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Contact us
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Contact us">
        {field && (
          <label>
            Name <input />
          </label>
        )}
        <p>We answer within a day.</p>
      </Modal>
    </>
  );
}

async function openDialog(field = true) {
  const user = userEvent.setup();
  render(<Page field={field} />);
  const opener = screen.getByRole('button', { name: 'Contact us' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Contact us' }) };
}

describe('Modal', () => {
  it('opens named by its title with the focus on its first field', async () => {
    await openDialog();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('lands on its title when it has no field', async () => {
    await openDialog(false);
    expect(screen.getByRole('heading', { name: 'Contact us' })).toHaveFocus();
  });

  it('closes on Escape and gives the focus back to its opener', async () => {
    const { user, opener, dialog } = await openDialog();
    await user.keyboard('{Escape}');
    expect(dialog).not.toHaveAttribute('open');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes from its × button, named for screen readers', async () => {
    const { user, opener, dialog } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog).not.toHaveAttribute('open');
    expect(opener).toHaveFocus();
  });

  it('closes on a click on the overlay but not on a click inside', async () => {
    const { user, dialog } = await openDialog();
    await user.click(screen.getByText('We answer within a day.'));
    expect(dialog).toHaveAttribute('open');
    await user.click(dialog);
    expect(dialog).not.toHaveAttribute('open');
  });
});
