// @vitest-environment jsdom
// An item's history against the real CMS (a test site: real git, real /api/history): a news item
// created and saved three times, each save with another month in its text. Staff tick two earlier
// versions (neither the current one) from the keyboard and compare them: the words marked are the
// ones that differ between exactly those two. A third tick waits until one is unticked, and the
// older of the pair is restored from the comparison.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { collections } from '../../../../server/schema/registry.ts';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import { HistoryDialog } from './HistoryDialog.tsx';

const news = collections.find((c) => c.name === 'news')!;
const LONG = { timeout: 10_000 };
const TITLE = 'Teacher workshop';
/** The item's text in each version, oldest first: only the month changes. */
const SAYS = ['March', 'April', 'May', 'June'].map((m) => `The workshop opens in ${m} for every teacher.`);

let cms: RealCms;
let id = '';
beforeAll(async () => {
  cms = await startRealCms();
  const made = await call(cms, '/api/news.php', {
    json: { title: TITLE, what: SAYS[0], when_date: '2026-03-01' },
  });
  expect(made.status).toBe(201);
  id = String(made.body.id);
  for (const what of SAYS.slice(1)) {
    const saved = await call(cms, `/api/news.php?id=${id}`, {
      method: 'PUT',
      json: { title: TITLE, what, when_date: '2026-03-01', link: '' },
    });
    expect(saved.status).toBe(200);
  }
});
afterAll(() => cms?.stop());
afterEach(() => {
  vi.restoreAllMocks();
});

function showHistory() {
  const onRestored = vi.fn();
  const onClose = vi.fn();
  render(<HistoryDialog def={news} id={id} name={TITLE} onClose={onClose} onRestored={onRestored} />);
  return { onRestored, onClose };
}

/** The words a text's comparison marks, without what is said to screen readers around them. */
const marked = (region: HTMLElement, tag: 'del' | 'ins') =>
  [...region.querySelectorAll(tag)].map((el) => el.textContent.replace(/\[.*?: |\]/g, ''));

describe('comparing any two versions of an item', () => {
  it('marks the words that differ between the two ticked versions, not the current one', async () => {
    const user = userEvent.setup();
    showHistory();
    const dialog = await screen.findByRole('dialog', { name: `History of ${TITLE}` });
    const list = await within(dialog).findByRole('list', {}, LONG);
    const rows = within(list).getAllByRole('listitem');
    // Created, then three saves: the newest (June) is the current version.
    expect(rows).toHaveLength(4);
    const tick = (row: number) =>
      within(rows[row]!).getByRole('checkbox', { name: /^Pick the version saved/ });
    const compare = within(dialog).getByRole('button', { name: 'Compare the two ticked versions' });
    expect(compare).toBeDisabled();

    // From the keyboard: the April version (third row) and the May one (second row).
    tick(2).focus();
    await user.keyboard(' ');
    expect(within(dialog).getByRole('status')).toHaveTextContent('One version ticked: tick one more.');
    expect(compare).toBeDisabled();
    tick(1).focus();
    await user.keyboard(' ');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Two versions ticked. Untick one to pick another.',
    );
    // At most two: the others wait until one is unticked.
    expect(tick(0)).toBeDisabled();
    expect(tick(3)).toBeDisabled();
    expect(compare).toBeEnabled();
    compare.focus();
    await user.keyboard('{Enter}');

    const what = await within(dialog).findByRole('region', { name: 'What' }, LONG);
    expect(within(dialog).getByText(/^1 of \d+ fields differ\.$/)).toBeInTheDocument();
    expect(within(dialog).getByText(/\(older\) with the version saved .* \(newer\)\./)).toBeInTheDocument();
    expect(marked(what, 'del')).toEqual(['April']);
    expect(marked(what, 'ins')).toEqual(['May']);
    expect(what.querySelector('del')).toHaveTextContent('[only in the older version: April]');
    expect(what.querySelector('ins')).toHaveTextContent('[only in the newer version: May]');
    // Neither the first version's words nor the current one's.
    expect(what).not.toHaveTextContent(/March|June/);

    // Back in the list the two stay ticked; unticking one lets another be ticked.
    await user.click(within(dialog).getByRole('button', { name: 'Back to the list' }));
    const again = within(await within(dialog).findByRole('list')).getAllByRole('listitem');
    const tickAgain = (row: number) => within(again[row]!).getByRole('checkbox');
    expect(tickAgain(1)).toBeChecked();
    expect(tickAgain(2)).toBeChecked();
    await user.click(tickAgain(1));
    expect(tickAgain(3)).toBeEnabled();
    await user.click(tickAgain(3));
    await user.click(within(dialog).getByRole('button', { name: 'Compare the two ticked versions' }));
    const first = await within(dialog).findByRole('region', { name: 'What' }, LONG);
    // Whichever order they were ticked in, the older is on the left.
    expect(marked(first, 'del')).toEqual(['March']);
    expect(marked(first, 'ins')).toEqual(['April']);
  });

  it('restores the older of the two from the comparison', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { onRestored, onClose } = showHistory();
    const dialog = await screen.findByRole('dialog', { name: `History of ${TITLE}` });
    const rows = within(await within(dialog).findByRole('list', {}, LONG)).getAllByRole('listitem');
    await user.click(within(rows[2]!).getByRole('checkbox'));
    await user.click(within(rows[1]!).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Compare the two ticked versions' }));
    const restore = await within(dialog).findByRole('button', { name: 'Restore the older version' }, LONG);
    await user.click(restore);
    await waitFor(() => expect(onClose).toHaveBeenCalled(), LONG);
    expect(onRestored).toHaveBeenCalledWith(
      expect.stringMatching(/^Restored the version saved/),
      expect.anything(),
    );
    const now = await call(cms, `/api/news.php?id=${id}`);
    expect(now.body.what).toBe(SAYS[1]);
  });
});
