// @vitest-environment jsdom
// The list input alone (no server): drawn from a list field's declaration, it adds, moves (buttons,
// said aloud), copies and removes items (with Undo), keeps to the declared limits, and shows the
// list's own check beside the exact part staff changed.
import '../../test/dom.ts';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { entities } from '../../../../server/schema/registry.ts';
import type { AnyField } from '../../../../server/schema/fields.ts';
import type { FieldValue } from '../api.ts';
import { FieldRow } from './FieldRow.tsx';

const header = entities.navigation.fields.header as AnyField;
const sections = entities.page.fields.sections as AnyField;

/** The field in a form of its own; `onValue` hears its value after each change. */
function Harness({
  field,
  name,
  start,
  onValue,
}: {
  field: AnyField;
  name: string;
  start: FieldValue;
  onValue: (v: FieldValue) => void;
}) {
  const [value, setValue] = useState<FieldValue>(start);
  return (
    <FieldRow
      formId="f"
      name={name}
      field={field}
      value={value}
      file={null}
      fileInputKey={0}
      onChange={(v) => {
        onValue(v);
        setValue(v);
      }}
      onFile={() => undefined}
    />
  );
}

const item = (label: string, link: string) => ({
  label,
  link,
  show: 'everywhere',
  event_pages: false,
  children: [],
});
const labels = (v: FieldValue) => (v as { label: string }[]).map((i) => i.label);

describe('the list input', () => {
  it('adds, moves, copies and removes items, saying each move, with Undo', async () => {
    const user = userEvent.setup();
    const seen = { value: [] as FieldValue };
    render(
      <Harness
        field={header}
        name="header"
        start={[item('Home', '/'), item('News', '/news')]}
        onValue={(v) => (seen.value = v)}
      />,
    );
    expect(screen.getByRole('group', { name: /^Header menu/ })).toBeInTheDocument();
    const first = screen.getByRole('group', { name: /^Menu item 1: Home/ });
    expect(within(first).getByRole('button', { name: 'Move up menu item 1' })).toBeDisabled();

    await user.click(within(first).getByRole('button', { name: 'Move down menu item 1' }));
    expect(labels(seen.value)).toEqual(['News', 'Home']);
    expect(screen.getByText('Menu item 1 moved to place 2 of 2.')).toBeInTheDocument();
    // The focus stays with the moved item: its Move down is now unavailable, so Move up has it.
    expect(screen.getByRole('button', { name: 'Move up menu item 2' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Copy menu item 2' }));
    expect(labels(seen.value)).toEqual(['News', 'Home', 'Home']);

    await user.click(screen.getByRole('button', { name: 'Add a menu item' }));
    expect(labels(seen.value)).toEqual(['News', 'Home', 'Home', '']);
    const added = screen.getByRole('group', { name: /^Menu item 4/ });
    expect(within(added).getByRole('textbox', { name: /^Words/ })).toHaveFocus();
    await user.keyboard('Camp');
    expect(labels(seen.value)).toEqual(['News', 'Home', 'Home', 'Camp']);

    await user.click(screen.getByRole('button', { name: 'Remove menu item 1' }));
    expect(labels(seen.value)).toEqual(['Home', 'Home', 'Camp']);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(labels(seen.value)).toEqual(['News', 'Home', 'Home', 'Camp']);
  });

  it('keeps to the declared limits and says why', async () => {
    const user = userEvent.setup();
    const seen = { value: [] as FieldValue };
    render(
      <Harness field={header} name="header" start={[item('Home', '/')]} onValue={(v) => (seen.value = v)} />,
    );
    // At least one menu item: the only one cannot go.
    expect(screen.getByRole('button', { name: 'Remove menu item 1' })).toBeDisabled();
    expect(screen.getByText(/needs at least 1 menu item/)).toBeInTheDocument();
    for (let i = 1; i < 12; i++) await user.click(screen.getByRole('button', { name: 'Add a menu item' }));
    expect((seen.value as unknown[]).length).toBe(12);
    expect(screen.getByRole('button', { name: 'Add a menu item' })).toBeDisabled();
    expect(
      screen.getByText('This holds at most 12 menu items: remove one to add another.'),
    ).toBeInTheDocument();
  });

  it('offers the kinds of a list of kinds, with their help, and nests their lists', async () => {
    const user = userEvent.setup();
    const seen = { value: [] as FieldValue };
    render(<Harness field={sections} name="sections" start={[]} onValue={(v) => (seen.value = v)} />);
    await user.click(screen.getByRole('button', { name: 'Add a section' }));
    const kinds = screen.getByRole('group', { name: 'Which kind of section to add' });
    const buttons = within(kinds).getByRole('button', { name: 'Buttons' });
    expect(buttons).toHaveAccessibleDescription('One to four buttons that lead somewhere.');
    await user.click(buttons);
    expect(seen.value).toEqual([{ type: 'buttons', items: [{ label: '', link: '' }] }]);
    const section = screen.getByRole('group', { name: /^Section 1 \(Buttons\)/ });
    // A section's buttons are a list inside it, at least one.
    const button = within(section).getByRole('group', { name: /^Button 1/ });
    expect(within(button).getByRole('button', { name: 'Remove button 1' })).toBeDisabled();
  });

  it('shows a part’s problem beside that part as staff type, in the server’s words', async () => {
    const user = userEvent.setup();
    const seen = { value: [] as FieldValue };
    render(
      <Harness
        field={sections}
        name="sections"
        start={[
          { type: 'buttons', items: [{ label: 'Apply', link: '/contact' }] },
          { type: 'buttons', items: [{ label: 'Read', link: '/news' }] },
        ]}
        onValue={(v) => (seen.value = v)}
      />,
    );
    const second = screen.getByRole('group', { name: /^Section 2 \(Buttons\)/ });
    const link = within(second).getByRole('textbox', { name: /^Link/ });
    await user.clear(link);
    await user.type(link, 'javascript:alert(1)');
    expect(link).toBeInvalid();
    expect(link).toHaveAccessibleDescription(/^Section 2 \(Buttons\), button 1: /);
    // Only that part: the first section's link and the second's words say nothing.
    const first = screen.getByRole('group', { name: /^Section 1 \(Buttons\)/ });
    expect(within(first).getByRole('textbox', { name: /^Link/ })).toBeValid();
    expect(within(second).getByRole('textbox', { name: /^Button words/ })).toBeValid();
    await user.clear(link);
    await user.type(link, '/events');
    expect(link).toBeValid();
  });
});
