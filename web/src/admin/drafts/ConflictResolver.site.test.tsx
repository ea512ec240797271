// @vitest-environment jsdom
// The conflict resolver against the real CMS: a publish that clashes with the live site on a title, a
// markdown text and a date offers "Combine both" for the two texts only; a combined value starts from
// both sides, is edited in a labelled box reached from the keyboard, and goes with the publish as
// { value }; one the server refuses (an empty title) is said in the dialog beside its box, and nothing
// is published until it is put right.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import DraftPage from './DraftPage.tsx';

let cms: RealCms;
beforeAll(async () => {
  cms = await startRealCms();
});
afterAll(() => cms?.stop());
afterEach(() => {
  vi.restoreAllMocks();
});

const saveNews = async (draft: string | null, json: Record<string, unknown>, id?: string) => {
  const q = [id ? `id=${id}` : '', draft ? `draft=${draft}` : '', 'shape=typed'].filter(Boolean).join('&');
  const res = await call(cms, `/api/news.php?${q}`, { method: id ? 'PUT' : 'POST', json });
  expect(res.status).toBeLessThan(300);
  return String(res.body.id);
};
const stateOf = async (id: string) => String((await call(cms, `/api/drafts/${id}`)).body.state);
const publishes = () =>
  cms.api.requests.filter((r) => r.method === 'POST' && /^\/api\/drafts\/[^/]+\/publish/.test(r.url));

/** A news item whose title, text and date a draft and then the live site both changed; its dialog open. */
async function clash(name: string) {
  const item = await saveNews(null, { title: name, what: 'Doors open at nine.', when_date: '2026-10-02' });
  const id = String((await call(cms, '/api/drafts', { json: { title: `${name} details` } })).body.id);
  await saveNews(
    id,
    { title: `${name} for families`, what: 'Bring a friend: there is cake.', when_date: '2026-10-03' },
    item,
  );
  await saveNews(
    null,
    { title: `${name}, Room 4`, what: 'Doors open at ten.', when_date: '2026-10-04' },
    item,
  );
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  const router = createMemoryRouter([{ path: '/admin/drafts/:id', element: <DraftPage /> }], {
    initialEntries: [`/admin/drafts/${id}`],
  });
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Publish now' }));
  const dialog = await screen.findByRole('dialog', { name: 'Choose what to keep' });
  const group = (label: string) => within(dialog).getByRole('group', { name: label });
  return { user, item, id, dialog, group };
}

describe('combining both sides of a clash', () => {
  it('is offered for text only, starts from both, and is sent as { value } with the publish', async () => {
    const { user, item, id, dialog, group } = await clash('Open house');
    const radios = (label: string) =>
      within(group(label))
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent);
    expect(radios('Title')).toEqual([
      'Keep the live site’s (title)',
      'Use this draft’s (title)',
      'Combine both (title)',
    ]);
    expect(radios('What')).toContain('Combine both (what)');
    expect(radios('Date')).toEqual(['Keep the live site’s (date)', 'Use this draft’s (date)']);

    // From the keyboard: into the group, then the arrow keys move the choice along to Combine both.
    within(group('What'))
      .getByRole('radio', { name: /Keep the live site’s/ })
      .focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(group('What')).getByRole('radio', { name: /Combine both/ })).toBeChecked();
    const text = within(group('What')).getByRole('textbox', { name: 'What, combined' });
    expect(text.tagName).toBe('TEXTAREA');
    expect(text).toHaveValue('Doors open at ten.\n\nBring a friend: there is cake.');
    expect(text).toHaveAccessibleDescription(/starts with the live site’s version, then this draft’s/);
    await user.click(text);
    await user.keyboard('{Control>}{End}{/Control} See you there.');

    await user.click(within(group('Title')).getByRole('radio', { name: /Combine both/ }));
    const title = within(group('Title')).getByRole('textbox', { name: 'Title, combined' });
    expect(title.tagName).toBe('INPUT'); // one line: joined by a space
    expect(title).toHaveValue('Open house, Room 4 Open house for families');
    await user.clear(title);
    await user.type(title, 'Open house for families, Room 4');
    // A change of mind and back keeps what was typed.
    await user.click(within(group('Title')).getByRole('radio', { name: /Use this draft’s/ }));
    await user.click(within(group('Title')).getByRole('radio', { name: /Combine both/ }));
    expect(within(group('Title')).getByRole('textbox', { name: 'Title, combined' })).toHaveValue(
      'Open house for families, Room 4',
    );
    await user.click(within(group('Date')).getByRole('radio', { name: /Keep the live site’s/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish with these choices' }));

    await waitFor(async () => expect(await stateOf(id)).toBe('published'));
    const combined = 'Doors open at ten.\n\nBring a friend: there is cake. See you there.';
    expect(publishes().at(-1)!.body).toEqual({
      picks: {
        [`content/news/${item}.md`]: {
          title: { value: 'Open house for families, Room 4' },
          what: { value: combined },
          when_date: 'live',
        },
      },
    });
    const live = (await call(cms, `/api/news.php?id=${item}&shape=typed`)).body;
    expect([live.title, live.what, live.when_date]).toEqual([
      'Open house for families, Room 4',
      combined,
      '2026-10-04',
    ]);
  });

  it('a combined value the server refuses is said in the dialog, beside its box; nothing is published', async () => {
    const { user, id, dialog, group } = await clash('Book sale');
    await user.click(within(group('Title')).getByRole('radio', { name: /Combine both/ }));
    await user.clear(within(group('Title')).getByRole('textbox', { name: 'Title, combined' }));
    await user.click(within(group('What')).getByRole('radio', { name: /Use this draft’s/ }));
    await user.click(within(group('Date')).getByRole('radio', { name: /Use this draft’s/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish with these choices' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This draft cannot be published: Title is required',
    );
    const title = within(group('Title')).getByRole('textbox', { name: 'Title, combined' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(/Title is required/);
    expect(await stateOf(id)).toBe('editing');

    await user.type(title, 'Book sale for families, Room 4');
    await user.click(within(dialog).getByRole('button', { name: 'Publish with these choices' }));
    await waitFor(async () => expect(await stateOf(id)).toBe('published'));
  });
});
