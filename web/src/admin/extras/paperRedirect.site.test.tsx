// @vitest-environment jsdom
// Deleting a paper in the admin, against the real CMS: the section offers to keep the paper's old
// download address working, and taking the offer adds a redirect that answers at once.
import '../../test/dom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { entities } from '../../../../server/schema/registry.ts';
import { startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import { CollectionSection } from '../sections/CollectionSection.tsx';
import { paperExtras } from './paper.tsx';

let cms: RealCms;
beforeAll(async () => {
  cms = await startRealCms();
});
afterAll(async () => {
  await cms?.stop();
});

it('offers a redirect for a deleted paper’s download address, and adds it to the redirects list', async () => {
  vi.spyOn(window, 'confirm').mockReturnValue(true); // the browser's own "are you sure?"
  const user = userEvent.setup();
  const papers = cms.site.deps.index.list(entities.paper);
  const paper = papers[0]!;
  render(
    <MemoryRouter initialEntries={[`/pdfPage?papers=${paper.id}`]}>
      <CollectionSection def={entities.paper} extras={paperExtras} />
    </MemoryRouter>,
  );
  await user.click(await screen.findByRole('button', { name: 'Delete Entry' }));
  const offer = await screen.findByRole('form', { name: 'Keep the paper’s old address working' });
  expect(offer).toHaveTextContent(`/api/download_pdf.php?id=${paper.id}`);
  await user.click(screen.getByRole('button', { name: 'Add the redirect' }));
  await screen.findByText('Added: the paper’s old download address now leads to /research.');
  const item = cms.site.deps.index.get(entities.redirects);
  expect(String(item?.data.rules)).toContain(`/api/download_pdf.php?id=${paper.id} /research`);
  const moved = await fetch(`${cms.site.url}/api/download_pdf.php?id=${paper.id}`, { redirect: 'manual' });
  expect(moved.status).toBe(301);
  expect(moved.headers.get('location')).toBe('/research');
  await waitFor(() =>
    expect(screen.queryByRole('form', { name: 'Keep the paper’s old address working' })).toBeNull(),
  );
});
