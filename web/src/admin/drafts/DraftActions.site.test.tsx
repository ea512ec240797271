// @vitest-environment jsdom
// Someone whose role cannot publish (a contributor) sees no Publish button on a draft's page; where it
// would be, one sentence says who publishes and how the draft reaches them — or, once it is sent,
// that it waits for them. An editor sees the button and not the sentence. Against the real CMS.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import DraftPage from './DraftPage.tsx';
import { CONTRIBUTOR as CORA } from '../../../../server/testing/reviewTeam.ts';

const ADMIN_ONLY = 'Editors and admins publish drafts.';

let cms: RealCms;
let cora: string;
let admin: string;

beforeAll(async () => {
  cms = await startRealCms();
  admin = cms.site.cookie;
  cora = await cms.colleague(CORA);
});
afterAll(() => cms?.stop());

const newDraft = async (title: string) => {
  const id = String((await call(cms, '/api/drafts', { json: { title }, cookie: cora })).body.id);
  await call(cms, `/api/news.php?draft=${id}`, {
    json: { title: `${title}: the item`, when_date: '2026-12-10' },
    cookie: cora,
  });
  return id;
};

async function steps(id: string) {
  const router = createMemoryRouter([{ path: '/admin/drafts/:id', element: <DraftPage /> }], {
    initialEntries: [`/admin/drafts/${id}`],
  });
  render(<RouterProvider router={router} />);
  return (await screen.findByRole('heading', { level: 2, name: 'Review and publish' })).closest('section')!;
}
const buttons = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('where Publish would be, for someone who cannot publish', () => {
  it('a contributor’s draft being edited: who publishes, and that sending it for review reaches them', async () => {
    const id = await newDraft('Cora’s winter news');
    await cms.showAs(cora);
    try {
      const region = await steps(id);
      await waitFor(() => expect(buttons(region)).toEqual(['Send for review', 'Discard the draft']));
      expect(region).toHaveTextContent(
        'Editors and admins publish drafts. When it is ready, “Send for review” sends it to them.',
      );
    } finally {
      await cms.showAs(admin);
    }
  });

  it('once sent for review: it is waiting for an editor or an admin', async () => {
    const id = await newDraft('Cora’s board report');
    expect((await call(cms, `/api/drafts/${id}/submit`, { json: {}, cookie: cora })).status).toBe(200);
    await cms.showAs(cora);
    try {
      const region = await steps(id);
      await waitFor(() =>
        expect(region).toHaveTextContent('It is waiting for an editor or an admin to review and publish it.'),
      );
      expect(region).not.toHaveTextContent(ADMIN_ONLY);
      expect(within(region).queryByRole('button', { name: /Publish/ })).toBeNull();
    } finally {
      await cms.showAs(admin);
    }
  });

  it('an editor (here the site’s admin) has the Publish button and no such sentence', async () => {
    const id = await newDraft('Cora’s spring news');
    const region = await steps(id);
    await waitFor(() => expect(buttons(region)).toContain('Publish now'));
    expect(region).not.toHaveTextContent(ADMIN_ONLY);
    expect(region).not.toHaveTextContent(/waiting for an editor/);
  });
});
