// @vitest-environment jsdom
// A file's details, opened from its card on the library page, against the real CMS: the description
// and the focal point are saved to the file (read back from the server and seen in git); a file
// replaced keeps its address with a new version; a delete is refused while a news item uses the file
// (the server's words, and the use linked); an unused file is deleted into "Recently deleted" and
// restored from there; a contributor on the live site sees it all read-only; a PDF opens in a tab.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import MediaLibraryPage from './MediaLibraryPage.tsx';
import { addToLibrary, filesInGit, pageFile, picture, storedFile } from './mediaSiteTestKit.ts';
import type { MediaFile } from './mediaTypes.ts';

let cms: RealCms;
let admin = '';
let photo: MediaFile;
let logo: MediaFile;
let used: MediaFile;
let spare: MediaFile;
let report: MediaFile;
let newsId = '';
beforeAll(async () => {
  cms = await startRealCms();
  admin = cms.site.cookie;
  [photo, logo, used, spare, report] = (await addToLibrary(cms, {
    'Class photo.jpg': await picture(400, 300),
    'Logo.jpg': await picture(60, 60, '#f00'),
    'Robot.png': await picture(80, 80, '#00f', 'png'),
    'Spare.jpg': await picture(50, 40, '#999'),
    'Report.pdf': Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    ),
  })) as [MediaFile, MediaFile, MediaFile, MediaFile, MediaFile];
  const saved = await call(cms, '/api/news.php', {
    json: { title: 'Robotics club', what: `Look: ![Our robot](${used.url})` },
  });
  expect(saved.status).toBe(201);
  newsId = String(saved.body.id);
});
afterAll(() => cms?.stop());

function showLibrary() {
  const router = createMemoryRouter([{ path: '/admin/media', element: <MediaLibraryPage /> }], {
    initialEntries: ['/admin/media'],
  });
  render(<RouterProvider router={router} />);
}

/** Opens a file's details from its card, as staff do. */
async function open(file: MediaFile) {
  const user = userEvent.setup({ applyAccept: false });
  showLibrary();
  await user.click(await screen.findByRole('button', { name: `${file.name}: details` }));
  return { user, dialog: screen.getByRole('dialog', { name: file.name }) };
}

describe('a file’s details', () => {
  it('opens on the description, which explains itself, and saves it to the file', async () => {
    const { user, dialog } = await open(photo);
    const box = within(dialog).getByLabelText('Description');
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription(
      /^Describe what the picture shows for people who cannot see it\. Used wherever the picture appears without its own description\./,
    );
    await user.type(box, 'Students at the robotics club');
    await user.click(within(dialog).getByRole('button', { name: 'Save description' }));
    expect(await within(dialog).findByText('Description saved.')).toBeInTheDocument();
    expect((await storedFile(cms, photo.path))?.alt).toBe('Students at the robotics club');
    expect(cms.site.git('show', `HEAD:${photo.path}.md`)).toContain('alt: "Students at the robotics club"');
  });

  it('moves the focal point with the arrow keys or typed percentages, and saves it', async () => {
    const described = (await storedFile(cms, photo.path))?.alt;
    const { user, dialog } = await open(photo);
    const point = within(dialog).getByRole('button', { name: 'Focal point: the centre' });
    const marker = point.querySelector<HTMLElement>('.media-focus-marker')!;
    point.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowUp}{/Shift}');
    expect(point).toHaveAccessibleName('Focal point: 60% from the left, 30% from the top');
    expect(marker.style.left).toBe('60%');
    expect(marker.style.top).toBe('30%');
    expect(within(dialog).getByLabelText('Across (% from the left)')).toHaveValue(60);
    expect(within(dialog).getByLabelText('Down (% from the top)')).toHaveValue(30);
    await user.click(within(dialog).getByRole('button', { name: 'Save focal point' }));
    expect(await within(dialog).findByText('Focal point saved.')).toBeInTheDocument();
    expect((await storedFile(cms, photo.path))?.focus).toEqual({ x: 0.6, y: 0.3 });

    const across = within(dialog).getByLabelText('Across (% from the left)');
    await user.clear(across);
    await user.type(across, '80');
    expect(point).toHaveAccessibleName('Focal point: 80% from the left, 30% from the top');
    await user.click(within(dialog).getByRole('button', { name: 'Save focal point' }));
    await waitFor(async () => expect((await storedFile(cms, photo.path))?.focus).toEqual({ x: 0.8, y: 0.3 }));
    await user.click(within(dialog).getByRole('button', { name: 'Reset to centre' }));
    expect(point).toHaveAccessibleName('Focal point: the centre');
    expect(across).toHaveValue(50);
    // The description stays as it was.
    expect((await storedFile(cms, photo.path))?.alt).toBe(described);
  });

  it('replaces the file at the same address with a new version, refusing another type unsent', async () => {
    const { user, dialog } = await open(logo);
    expect(dialog).toHaveTextContent(
      'Every page that uses it will show the new file; the old one stays in the history.',
    );
    const input = within(dialog).getByLabelText<HTMLInputElement>(`New file for ${logo.name}`);
    const puts = () => cms.api.requests.filter((r) => r.method === 'PUT');
    await user.upload(input, pageFile(await picture(90, 45, '#0f0', 'png'), 'new.png', 'image/png'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '“new.png” is not a JPG file. To keep the same address, the new file must be a JPG like the old one.',
    );
    expect(puts()).toHaveLength(0);

    await user.upload(input, pageFile(await picture(90, 45, '#00f'), 'new logo.jpg', 'image/jpeg'));
    expect(
      await within(dialog).findByText('Replaced. Every page that uses it now shows the new file.'),
    ).toBeInTheDocument();
    expect(puts()).toHaveLength(1);
    expect(dialog).toHaveTextContent('90 × 45 pixels');
    const now = (await storedFile(cms, logo.path))!;
    expect(now).toMatchObject({ url: logo.url, width: 90, height: 45 });
    expect(now.src).not.toBe(logo.src);
    expect(within(dialog).getByLabelText('Address')).toHaveValue(logo.url);
    expect(cms.site.git('log', '-1', '--format=%s', '--', logo.path).trim()).toBe(
      `media: replace ${logo.path.replace('media/', '')}`,
    );
  });

  it('refuses to delete a file a news item uses, in the server’s words, with the use linked', async () => {
    const { user, dialog } = await open(used);
    expect(dialog).toHaveTextContent('Used by 1 item:News: Robotics club (What)');
    await user.click(within(dialog).getByRole('button', { name: 'Delete this file' }));
    expect(dialog).toHaveTextContent(
      `Delete “${used.name}”? It goes to “Recently deleted” on this page, where an editor can restore it.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(/still used by one item: News “Robotics club”/);
    expect(within(alert).getByRole('link', { name: 'News: Robotics club' })).toHaveAttribute(
      'href',
      `/NewsAdminPage?news=${newsId}`,
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete this file' })).toHaveFocus(),
    );
    expect(filesInGit(cms)).toContain(used.path);
  });

  it('deletes an unused file into “Recently deleted”, and restores it from there', async () => {
    const { user, dialog } = await open(spare);
    await user.click(within(dialog).getByRole('button', { name: 'Delete this file' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    expect(
      await screen.findByText(
        'Deleted. It is listed under Recently deleted files, where it can be restored.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(filesInGit(cms)).not.toContain(spare.path);
    await waitFor(() => expect(screen.queryByRole('button', { name: `${spare.name}: details` })).toBeNull());

    await user.click(screen.getByRole('button', { name: /Recently deleted files/ }));
    await user.click(await screen.findByRole('button', { name: `Restore ${spare.name}` }));
    expect(
      await screen.findByText(`Restored “${spare.name}”. It is back in the library.`),
    ).toBeInTheDocument();
    expect(filesInGit(cms)).toContain(spare.path);
    expect(await screen.findByRole('button', { name: `${spare.name}: details` })).toBeInTheDocument();
    expect((await storedFile(cms, spare.path))?.width).toBe(50);
  });

  it('is read-only for a contributor on the live site', async () => {
    const cora = await cms.colleague({
      username: 'cora',
      password: 'cora-long-password-1',
      name: 'Cora Contributor',
      email: 'cora@example.org',
      role: 'contributor',
    });
    const described = await call(cms, `/api/media?path=${encodeURIComponent(used.path)}`, {
      method: 'PATCH',
      json: { alt: 'A small blue robot' },
    });
    expect(described.status).toBe(200);
    await cms.showAs(cora);
    try {
      const { dialog } = await open(used);
      expect(within(dialog).queryByLabelText('Description')).toBeNull();
      expect(within(dialog).queryByRole('button', { name: /Delete|Save|Choose the new file/ })).toBeNull();
      expect(within(dialog).getByRole('img', { name: 'A small blue robot' })).toBeInTheDocument();
      expect(dialog).toHaveTextContent('DescriptionA small blue robot');
      expect(within(dialog).getByLabelText('Address')).toHaveValue(used.url);
    } finally {
      await cms.showAs(admin);
    }
  });

  it('offers a PDF to open, with no description or focal point', async () => {
    const { dialog } = await open(report);
    expect(within(dialog).getByRole('link', { name: 'Open the PDF in a new tab' })).toHaveAttribute(
      'href',
      report.src,
    );
    expect(within(dialog).queryByLabelText('Description')).toBeNull();
    expect(within(dialog).queryByText('Focal point')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Choose the new file' })).toBeInTheDocument();
  });
});
