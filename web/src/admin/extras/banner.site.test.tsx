// @vitest-environment jsdom
// The banner page against the real CMS (issue 23): "Banner on the site" is a switch that says its
// state and the banner it shows; off and on again keeps the chosen banner; each banner's button says
// "Showing on the site" (unavailable) or "Show this one instead".
import '../../test/dom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../../../server/schema/registry.ts';
import { startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import { CollectionSection } from '../sections/CollectionSection.tsx';
import { bannerExtras } from './banner.tsx';

let cms: RealCms;
beforeAll(async () => {
  cms = await startRealCms();
});
afterAll(async () => {
  await cms?.stop();
});

const settings = () => cms.site.deps.index.get(entities.siteSettings)!.data;
const banners = () => cms.site.deps.index.list(entities.banner);
const textOf = (id: string) => String(banners().find((b) => b.id === id)!.data.banner_text);

const page = (search = '') =>
  render(
    <MemoryRouter initialEntries={[`/BannerAdminPage${search}`]}>
      <CollectionSection def={entities.banner} extras={bannerExtras} />
    </MemoryRouter>,
  );

describe('the banner switch', () => {
  it('says what visitors see; off and on again from the keyboard brings back the same banner', async () => {
    const user = userEvent.setup();
    const chosen = String(settings().banner_to_show);
    page();
    const toggle = await screen.findByRole('switch', { name: 'Banner on the site' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(toggle).toHaveAccessibleDescription(`Visitors see: ${textOf(chosen)}`));

    toggle.focus();
    await user.keyboard(' ');
    await screen.findByText('The banner is off the site.');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(toggle).toHaveAccessibleDescription(
      `Visitors see no banner. Switched on, the site shows: ${textOf(chosen)}`,
    );
    expect(settings()).toMatchObject({ show_banner: false, banner_to_show: chosen });
    expect(toggle).toHaveFocus();

    await user.keyboard('{Enter}');
    await screen.findByText('The banner is on the site.');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(settings()).toMatchObject({ show_banner: true, banner_to_show: chosen });
  });
});

describe('each banner’s button', () => {
  it('says "Showing on the site" for the chosen one and "Show this one instead" for another', async () => {
    const user = userEvent.setup();
    const chosen = String(settings().banner_to_show);
    const other = banners().find((b) => b.id !== chosen)!.id;
    const { unmount } = page(`?banners=${chosen}`);
    const showing = await screen.findByRole('button', { name: 'Showing on the site' });
    expect(showing).toHaveAttribute('aria-disabled', 'true');
    await user.click(showing); // unavailable: nothing changes
    expect(settings().banner_to_show).toBe(chosen);
    unmount();

    page(`?banners=${other}`);
    const instead = await screen.findByRole('button', { name: 'Show this one instead' });
    await user.click(instead);
    await screen.findByText('This banner is now on the site.');
    // The same button, now saying so and unavailable, keeps the focus.
    await waitFor(() => expect(instead).toHaveAccessibleName('Showing on the site'));
    expect(instead).toHaveAttribute('aria-disabled', 'true');
    expect(instead).toHaveFocus();
    expect(settings()).toMatchObject({ show_banner: true, banner_to_show: other });
  });

  it('while the banner is off, the chosen one says so, and another one is shown with one press', async () => {
    const user = userEvent.setup();
    const chosen = String(settings().banner_to_show);
    const other = banners().find((b) => b.id !== chosen)!.id;
    const list = page();
    await user.click(await screen.findByRole('switch', { name: 'Banner on the site' }));
    await screen.findByText('The banner is off the site.');
    await screen.findByText('Chosen, switched off');
    list.unmount();

    const opened = page(`?banners=${chosen}`);
    const waiting = await screen.findByRole('button', {
      name: 'Chosen: shows when the banner is switched on',
    });
    expect(waiting).toHaveAttribute('aria-disabled', 'true');
    opened.unmount();

    page(`?banners=${other}`);
    await user.click(await screen.findByRole('button', { name: 'Show this one on the site' }));
    await screen.findByRole('button', { name: 'Showing on the site' });
    expect(settings()).toMatchObject({ show_banner: true, banner_to_show: other });
  });
});
