// @vitest-environment jsdom
// The Menus admin page against the real CMS (issue 34): a new header item, its words typed and its
// page chosen among the site's pages (one staff built included), is saved into the menus.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../../../server/schema/registry.ts';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import { SingletonSection } from '../sections/SingletonSection.tsx';
import { navigationExtras } from './navigation.tsx';

let cms: RealCms;
beforeAll(async () => {
  cms = await startRealCms();
});
afterAll(async () => {
  await cms?.stop();
});

const header = () =>
  cms.site.deps.index.get(entities.navigation)!.data.header as { label: string; link: string }[];

describe('the Menus page', () => {
  it('saves a new header item that leads to a page staff built', async () => {
    const made = await call(cms, '/api/pages', {
      json: { title: 'Summer camp', path: '/summer-camp', summary: '', sections: [] },
    });
    expect(made.status).toBe(201);
    const before = header().length;
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/NavigationAdminPage']}>
        <SingletonSection def={entities.navigation} extras={navigationExtras} />
      </MemoryRouter>,
    );
    const menu = await screen.findByRole('group', { name: /^Header menu/ });
    await user.click(within(menu).getByRole('button', { name: 'Add a menu item' }));
    const item = within(menu).getByRole('group', { name: new RegExp(`^Menu item ${before + 1}$`) });
    const words = within(item).getByRole('textbox', { name: /^Words/ });
    expect(words).toHaveFocus();
    await user.keyboard('CAMP');
    const choose = within(item).getByRole('combobox', { name: 'Or choose a page of the site for Link' });
    await waitFor(() =>
      expect(within(choose).getByRole('option', { name: 'Summer camp (/summer-camp)' })).toBeInTheDocument(),
    );
    await user.selectOptions(choose, '/summer-camp');
    expect(within(item).getByRole('textbox', { name: /^Link/ })).toHaveValue('/summer-camp');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText(/Updated successfully|Saved/);
    expect(header()).toHaveLength(before + 1);
    expect(header().at(-1)).toMatchObject({ label: 'CAMP', link: '/summer-camp', show: 'everywhere' });
  }, 60_000); // a form of some twenty menu items, typed into key by key: slow in jsdom on a busy machine
});
