// @vitest-environment jsdom
// A file's details, against a stand-in server: the dialog opens on the description; the focal point
// moves with the arrow keys (its marker, words and boxes follow) and is saved; a refused delete
// shows the server's words and the uses; someone who may not change the site sees it read-only.
import '../../test/dom.ts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../test/fakeServer.ts';
import { MediaDetails } from './MediaDetails.tsx';
import { libraryFile } from './mediaTestKit.ts';
import type { MediaFile } from './mediaTypes.ts';

let server: FakeServer;
let uninstall: () => void;
beforeEach(() => {
  ({ server, uninstall } = installFakeServer());
});
afterEach(() => uninstall());

const photo = libraryFile('class-photo-3f9a2c.jpg', { alt: 'A class', focus: { x: 0.3, y: 0.7 } });

function show(file: MediaFile = photo, canChange = true) {
  const calls = { onClose: vi.fn(), onChanged: vi.fn(), onDeleted: vi.fn() };
  render(
    <MemoryRouter>
      <MediaDetails file={file} canChange={canChange} {...calls} />
    </MemoryRouter>,
  );
  return { calls, dialog: screen.getByRole('dialog', { name: file.name }) };
}

describe('MediaDetails', () => {
  it('opens on the description, which explains itself and is saved on its own', async () => {
    const user = userEvent.setup();
    const { dialog, calls } = show();
    const box = within(dialog).getByLabelText('Description');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('A class');
    expect(box).toHaveAccessibleDescription(
      /^Describe what the picture shows for people who cannot see it\. Used wherever the picture appears without its own description\./,
    );
    await user.clear(box);
    await user.type(box, 'Students at the robotics club');
    await user.click(within(dialog).getByRole('button', { name: 'Save description' }));
    const patch = server.to('/api/media?path=media%2Flibrary%2Fclass-photo-3f9a2c.jpg', 'PATCH');
    expect(patch.map((r) => r.body)).toEqual([{ alt: 'Students at the robotics club' }]);
    act(() => patch[0]!.respond(200, { ...photo, alt: 'Students at the robotics club' }));
    expect(await within(dialog).findByText('Description saved.')).toBeInTheDocument();
    expect(calls.onChanged).toHaveBeenCalledWith(
      expect.objectContaining({ alt: 'Students at the robotics club' }),
    );
  });

  it('moves the focal point with the arrow keys, shows where, and saves it', async () => {
    const user = userEvent.setup();
    const { dialog } = show();
    const point = within(dialog).getByRole('button', {
      name: 'Focal point: 30% from the left, 70% from the top',
    });
    const marker = point.querySelector<HTMLElement>('.media-focus-marker')!;
    expect(marker.style.left).toBe('30%');
    point.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowUp}{/Shift}');
    expect(point).toHaveAccessibleName('Focal point: 40% from the left, 50% from the top');
    expect(marker.style.left).toBe('40%');
    expect(marker.style.top).toBe('50%');
    expect(within(dialog).getByLabelText('Across (% from the left)')).toHaveValue(40);
    expect(within(dialog).getByLabelText('Down (% from the top)')).toHaveValue(50);
    await user.click(within(dialog).getByRole('button', { name: 'Save focal point' }));
    const patch = server.to('/api/media?path=', 'PATCH');
    expect(patch.map((r) => r.body)).toEqual([{ focus: { x: 0.4, y: 0.5 } }]);
    act(() => patch[0]!.respond(200, { ...photo, focus: { x: 0.4, y: 0.5 } }));
    expect(await within(dialog).findByText('Focal point saved.')).toBeInTheDocument();
  });

  it('takes the focal point as typed percentages, and “Reset to centre” puts it back', async () => {
    const user = userEvent.setup();
    const { dialog } = show();
    const across = within(dialog).getByLabelText('Across (% from the left)');
    await user.clear(across);
    await user.type(across, '80');
    expect(
      within(dialog).getByRole('button', { name: /^Focal point: 80% from the left/ }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reset to centre' }));
    expect(within(dialog).getByRole('button', { name: 'Focal point: the centre' })).toBeInTheDocument();
    expect(across).toHaveValue(50);
  });

  it('replaces the file at the same address, refusing another type before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { dialog, calls } = show();
    expect(dialog).toHaveTextContent(
      'Every page that uses it will show the new file; the old one stays in the history.',
    );
    const input = within(dialog).getByLabelText<HTMLInputElement>('New file for class-photo-3f9a2c.jpg');
    await user.upload(input, new File(['x'], 'new.png', { type: 'image/png' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '“new.png” is not a JPG file. To keep the same address, the new file must be a JPG like the old one.',
    );
    expect(server.to('/api/media', 'PUT')).toHaveLength(0);

    await user.upload(input, new File(['x'], 'new.jpg', { type: 'image/jpeg' }));
    const put = server.to('/api/media?path=media%2Flibrary%2Fclass-photo-3f9a2c.jpg', 'PUT');
    expect(put).toHaveLength(1);
    expect(((put[0]!.body as FormData).get('file') as File).name).toBe('new.jpg');
    act(() => put[0]!.progress(0.5));
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    act(() => put[0]!.respond(200, { ...photo, src: `${photo.url}?v=fedcba987654` }));
    expect(
      await within(dialog).findByText('Replaced. Every page that uses it now shows the new file.'),
    ).toBeInTheDocument();
    expect(calls.onChanged).toHaveBeenCalledWith(
      expect.objectContaining({ src: `${photo.url}?v=fedcba987654` }),
    );
  });

  it('asks before deleting, and a refusal shows the server’s words and where the file is used', async () => {
    const user = userEvent.setup();
    const { dialog, calls } = show();
    await user.click(within(dialog).getByRole('button', { name: 'Delete this file' }));
    expect(dialog).toHaveTextContent(
      'Delete “class-photo-3f9a2c.jpg”? It goes to “Recently deleted” on this page, where an editor can restore it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    const del = server.to('/api/media?path=', 'DELETE');
    expect(del).toHaveLength(1);
    act(() =>
      del[0]!.respond(409, {
        error: 'This file is still used by 1 item. Remove it there first.',
        usedBy: [{ entity: 'news', id: '5', field: 'what', title: 'Robotics club', label: 'News' }],
      }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This file is still used by 1 item. Remove it there first.');
    expect(within(alert).getByRole('link', { name: 'News: Robotics club' })).toHaveAttribute(
      'href',
      '/NewsAdminPage?news=5',
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete this file' })).toHaveFocus(),
    );
    expect(calls.onDeleted).not.toHaveBeenCalled();
  });

  it('reports a delete with the server’s message', async () => {
    const user = userEvent.setup();
    const { dialog, calls } = show();
    await user.click(within(dialog).getByRole('button', { name: 'Delete this file' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    act(() =>
      server
        .to('/api/media?path=', 'DELETE')[0]!
        .respond(200, { success: true, path: photo.path, message: 'Deleted class-photo-3f9a2c.jpg.' }),
    );
    await waitFor(() => expect(calls.onDeleted).toHaveBeenCalledWith('Deleted class-photo-3f9a2c.jpg.'));
  });

  it('is read-only for someone who may not change the site here', () => {
    const { dialog } = show(photo, false);
    expect(within(dialog).queryByLabelText('Description')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Delete|Save|Choose the new file/ })).toBeNull();
    expect(within(dialog).getByRole('img', { name: 'A class' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Address')).toHaveValue('/media/library/class-photo-3f9a2c.jpg');
  });

  it('offers a PDF to open, with no description or focal point', () => {
    const { dialog } = show(libraryFile('report.pdf'));
    expect(within(dialog).getByRole('link', { name: 'Open the PDF in a new tab' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Description')).toBeNull();
    expect(within(dialog).queryByText('Focal point')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Choose the new file' })).toBeInTheDocument();
  });
});
