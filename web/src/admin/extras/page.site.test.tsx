// @vitest-environment jsdom
// The Pages admin page against the real CMS (issue 34): staff build a page of four kinds of section
// with the list input and save it; an address the server refuses (nested under a page that does not
// exist) is said beside the Address field, as is one whose form is wrong, while typing.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { entities } from '../../../../server/schema/registry.ts';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import { CollectionSection } from '../sections/CollectionSection.tsx';
import { pageExtras } from './page.tsx';
import { linksWarning } from './pageLinks.ts';

let cms: RealCms;
beforeAll(async () => {
  cms = await startRealCms();
});
afterAll(async () => {
  await cms?.stop();
});

const pages = () => cms.site.deps.index.list(entities.page);

const open = () =>
  render(
    <MemoryRouter initialEntries={['/PagesAdminPage']}>
      <CollectionSection def={entities.page} extras={pageExtras} />
    </MemoryRouter>,
  );

/** Adds a section of a kind from the "Add a section" choices; answers its group. */
async function addSection(user: ReturnType<typeof userEvent.setup>, kind: string, place: number) {
  await user.click(screen.getByRole('button', { name: 'Add a section' }));
  const kinds = screen.getByRole('group', { name: 'Which kind of section to add' });
  await user.click(within(kinds).getByRole('button', { name: kind }));
  return screen.getByRole('group', { name: new RegExp(`^Section ${place} \\(${kind}\\)`) });
}

describe('the page editor', () => {
  it('saves a page built of four kinds of section', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Add a page' }));
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Summer camp');
    await user.type(screen.getByRole('textbox', { name: /^Address/ }), '/summer-camp');
    await user.type(screen.getByRole('textbox', { name: /^Summary/ }), 'A week of coding for teachers.');

    const buttons = await addSection(user, 'Buttons', 1);
    await user.type(within(buttons).getByRole('textbox', { name: /^Button words/ }), 'Apply now');
    await user.type(within(buttons).getByRole('textbox', { name: /^Link/ }), '/contact');

    const latest = await addSection(user, 'Latest from the site', 2);
    await user.click(within(latest).getByRole('radio', { name: 'Upcoming events' }));
    await user.click(within(latest).getByRole('radio', { name: '4' }));

    const video = await addSection(user, 'Video', 3);
    await user.type(
      within(video).getByRole('textbox', { name: /^Video address/ }),
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    await user.type(within(video).getByRole('textbox', { name: /^Video title/ }), 'Camp in two minutes');

    const people = await addSection(user, 'People', 4);
    const profile = cms.site.deps.index.list(entities.profile)[0]!;
    const person = within(people).getByRole('combobox', { name: /^Person 1/ });
    await waitFor(() => expect(within(person).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(person, String(profile.id));

    // The sketch beside the form follows what was typed.
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Summer camp' })).toBeInTheDocument();
    expect(within(preview).getByText('Apply now')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(pages().some((p) => p.data.path === '/summer-camp')).toBe(true));
    const saved = pages().find((p) => p.data.path === '/summer-camp')!.data;
    expect(saved).toMatchObject({ title: 'Summer camp', summary: 'A week of coding for teachers.' });
    expect(saved.sections).toMatchObject([
      { type: 'buttons', items: [{ label: 'Apply now', link: '/contact' }] },
      { type: 'list', source: 'events', count: 4 },
      { type: 'video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Camp in two minutes' },
      { type: 'people', profiles: [String(profile.id)] },
    ]);
  });

  it('says beside the Address field why an address cannot be the page’s', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Add a page' }));
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Camp details');
    const address = screen.getByRole('textbox', { name: /^Address/ });
    // Its form, as typed.
    await user.type(address, '/Summer Camp');
    expect(address).toBeInvalid();
    expect(address).toHaveAccessibleDescription(/Use lower case letters, digits and hyphens only/);
    // A good form the server refuses: there is no page to put it under.
    await user.clear(address);
    await user.type(address, '/programs/camp');
    expect(address).toBeValid();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(address).toHaveAccessibleDescription(/There is no page at \/programs to put this page under/),
    );
    expect(address).toBeInvalid();
    expect(pages().some((p) => p.data.path === '/programs/camp')).toBe(false);
  });
});

describe('an opened page', () => {
  it('moves a section, saves the order, and before a delete names the pages that link to it', async () => {
    const made = await call(cms, '/api/pages', {
      json: {
        title: 'Workshops',
        path: '/workshops',
        sections: [
          { type: 'faq', heading: 'Questions', items: [{ question: 'Is it free?', answer: 'Yes.' }] },
          { type: 'buttons', items: [{ label: 'Sign up', link: '/contact' }] },
        ],
      },
    });
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    const linking = await call(cms, '/api/pages', {
      json: {
        title: 'Programs',
        path: '/programs',
        sections: [{ type: 'buttons', items: [{ label: 'Workshops', link: '/workshops' }] }],
      },
    });
    expect(linking.status).toBe(201);

    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={[`/PagesAdminPage?pages=${id}`]}>
        <CollectionSection def={entities.page} extras={pageExtras} />
      </MemoryRouter>,
    );
    const second = await screen.findByRole('group', { name: /^Section 2 \(Buttons\): Sign up/ });
    await user.click(within(second).getByRole('button', { name: 'Move up section 2 (Buttons)' }));
    expect(screen.getByText('Section 2 (Buttons) moved to place 1 of 2.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(
        (pages().find((p) => p.id === id)!.data.sections as { type: string }[]).map((s) => s.type),
      ).toEqual(['buttons', 'faq']),
    );

    // Opened again, the question before a delete first says what links here; "no" keeps the page.
    const asked: string[] = [];
    // The browser's own "are you sure?", answered "no".
    const confirm = vi.spyOn(window, 'confirm').mockImplementation((message) => {
      asked.push(String(message));
      return false;
    });
    try {
      await user.click(await screen.findByRole('link', { name: 'Workshops' }));
      await user.click(await screen.findByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(asked).toHaveLength(1));
    } finally {
      confirm.mockRestore();
    }
    expect(asked[0]).toMatch(/^Links to \/workshops are in the page “Programs”\./);
    expect(asked[0]).toMatch(/Are you sure you want to delete this page\?/);
    expect(pages().some((p) => p.id === id)).toBe(true);
  });
});

describe('what links to a page', () => {
  it('names the menus and the pages whose links lead to it, as the server finds them', async () => {
    const camp = await call(cms, '/api/pages', {
      json: { title: 'Day camp', path: '/day-camp', sections: [] },
    });
    expect(camp.status).toBe(201);
    const id = String(camp.body.id);
    expect(await linksWarning({ id })).toBeNull();
    const more = await call(cms, '/api/pages', {
      json: {
        title: 'More to do',
        path: '/more-to-do',
        sections: [{ type: 'text', body: 'See [the camp](/day-camp#dates).' }],
      },
    });
    expect(more.status).toBe(201);
    const nav = await call(cms, '/api/navigation');
    const menus = await call(cms, '/api/navigation', {
      method: 'PUT',
      json: {
        header: [
          ...(nav.body.header as unknown[]),
          { label: 'PROGRAMS', children: [{ label: 'Camp', link: '/day-camp' }] },
        ],
        footer: [...(nav.body.footer as unknown[]), { label: 'Camp', link: '/day-camp/' }],
      },
    });
    expect(menus.status).toBe(200);
    expect(await linksWarning({ id })).toBe(
      'Links to /day-camp are in the page “More to do”, the header menu (“Camp”) and the footer ' +
        'links (“Camp”). After the delete they lead nowhere: change or remove them too.',
    );
  });
});
