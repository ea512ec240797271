// @vitest-environment jsdom
// A picture field's "Choose from the library", against the real CMS: a news item's picture is
// chosen from the library's own pictures (not its PDFs, not other items' pictures), the field shows
// it and says where it came from, and the save sends its path, so the stored item points at that
// file (read back from the server) and the library lists the item as using it. A picture the library
// has not described needs the item's own description: the server's words say so beside its field.
// Choosing a file to upload afterwards takes its place. A file field (a paper's PDF) takes the
// library's PDFs the same way.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { news } from '../../../../server/schema/entities/news.ts';
import { paper } from '../../../../server/schema/entities/paper.ts';
import { paperExtras } from '../extras/paper.tsx';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import type { AdminItem } from '../api.ts';
import type { SaveAnswer } from '../entityApi.ts';
import { addToLibrary, pageFile, picture, storedFile } from '../media/mediaSiteTestKit.ts';
import type { MediaFile } from '../media/mediaTypes.ts';
import { EntityForm } from './EntityForm.tsx';

let cms: RealCms;
let team: MediaFile;
let plain: MediaFile;
let flyer: MediaFile;
beforeAll(async () => {
  cms = await startRealCms();
  [team, plain, flyer] = (await addToLibrary(cms, {
    'Team photo.jpg': await picture(480, 320, '#a63'),
    'Team plain.jpg': await picture(480, 320, '#36a'),
    'Team flyer.pdf': Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    ),
  })) as [MediaFile, MediaFile, MediaFile];
  const described = await call(cms, `/api/media?path=${encodeURIComponent(team.path)}`, {
    method: 'PATCH',
    json: { alt: 'The team at the spring fair' },
  });
  expect(described.status).toBe(200);
});
afterAll(() => cms?.stop());

/** A news item as the admin reads it (addresses for its media). */
async function newsItem(title: string): Promise<AdminItem> {
  const made = await call(cms, '/api/news.php', { json: { title, when_date: '2026-04-02' } });
  expect(made.status).toBe(201);
  return (await call(cms, `/api/news.php?id=${String(made.body.id)}&media=url&shape=typed`))
    .body as AdminItem;
}

/**
 * The item as the server holds it: its typed values (as the admin reads them), and its picture as
 * its file in the site's git repository says: the path of the file it points at.
 */
async function stored(id: string): Promise<Record<string, unknown>> {
  const item = (await call(cms, `/api/news.php?id=${id}&shape=typed&media=url`)).body;
  const file = cms.site.git('show', `HEAD:content/news/${id}.md`);
  const picture = /^picture: "?([^"\n]*)"?$/m.exec(file)?.[1] ?? '';
  return { ...item, picture };
}

function edit(item: AdminItem) {
  const onSaved = vi.fn<(answer: SaveAnswer) => void>();
  render(<EntityForm def={news} item={item} submitLabel="Update" onSaved={onSaved} />);
  return onSaved;
}

/** Picks a picture in the field's library picker, searching for it by name as staff would. */
async function choose(user: ReturnType<typeof userEvent.setup>, file: MediaFile) {
  await user.click(screen.getByRole('button', { name: 'Choose from the library (Picture)' }));
  const picker = await screen.findByRole('dialog', { name: 'Choose a picture from the library' });
  await user.type(within(picker).getByLabelText('Search by name or description'), `${file.name}{Enter}`);
  await user.click(await within(picker).findByRole('button', { name: new RegExp(`^${file.name},`) }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('a picture field', () => {
  it('takes a picture from the library: shown, named, and saved as the item’s picture', async () => {
    const user = userEvent.setup();
    const item = await newsItem('Spring fair');
    const onSaved = edit(item);
    expect(screen.getByLabelText('Picture')).toHaveAccessibleDescription(/^Optional\./);
    expect(screen.getByText(/^No picture yet\./)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Choose from the library (Picture)' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a picture from the library' });
    // Only what a picture field can take: the library's own pictures, no type to change.
    expect(within(picker).queryByLabelText('Type')).toBeNull();
    await waitFor(() =>
      expect(cms.api.requests.at(-1)!.url).toMatch(
        /^\/api\/media\?type=image&shared=1&sort=newest&page=1&per=24&/,
      ),
    );
    await user.type(within(picker).getByLabelText('Search by name or description'), 'team-{Enter}');
    // Its two pictures, and not the PDF of the same name.
    expect(await within(picker).findByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(within(picker).getAllByRole('button', { name: /^team-/ })).toHaveLength(2);
    expect(within(picker).queryByRole('button', { name: new RegExp(`^${flyer.name}`) })).toBeNull();
    await user.click(
      within(picker).getByRole('button', {
        name: new RegExp(`^${team.name}, picture, \\d+ KB: The team at the spring fair$`),
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Back where the keyboard was, with the choice shown and said.
    expect(screen.getByRole('button', { name: 'Choose from the library (Picture)' })).toHaveFocus();
    expect(screen.getByRole('img', { name: 'The chosen image' })).toHaveAttribute('src', team.src);
    expect(screen.getByText(`Chosen from the library: ${team.name}`, { exact: false })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const put = cms.api.requests.filter((r) => r.method === 'PUT').at(-1)!;
    expect(put.body).toEqual({ picture: team.path, version: item.version });
    expect((await stored(item.id)).picture).toBe(team.path);
    // The form starts again from the saved item, which shows the picture as its own now.
    expect(screen.getByRole('img', { name: 'Current picture' })).toHaveAttribute('src', team.src);
    expect((await storedFile(cms, team.path))?.usedBy).toContainEqual(
      expect.objectContaining({ entity: 'news', id: item.id, field: 'picture' }),
    );
  });

  it('adds a new item with a picture from the library', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn<(answer: SaveAnswer) => void>();
    render(<EntityForm def={news} submitLabel="Add" onSaved={onSaved} />);
    await user.type(screen.getByLabelText(/^Title/), 'Team news');
    await choose(user, team);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const id = String(onSaved.mock.calls[0]![0].id);
    expect(await stored(id)).toMatchObject({ title: 'Team news', picture: team.path });
  });

  it('needs the item’s own description for a picture the library has not described', async () => {
    const user = userEvent.setup();
    const item = await newsItem('Plain picture');
    const onSaved = edit(item);
    await choose(user, plain);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const words = screen.getByLabelText('Picture description');
    await waitFor(() =>
      expect(words).toHaveAccessibleDescription(/Describe the picture for people who cannot see it/),
    );
    expect(onSaved).not.toHaveBeenCalled();
    expect((await stored(item.id)).picture).toBe('');
    // With its words, it saves.
    await user.type(words, 'Two students with their robot');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(await stored(item.id)).toMatchObject({
      picture: plain.path,
      picture_alt: 'Two students with their robot',
    });
  });

  it('uploads a file chosen after a library picture instead of it', async () => {
    const user = userEvent.setup();
    const item = await newsItem('Changed my mind');
    const onSaved = edit(item);
    await choose(user, team);
    await user.upload(
      screen.getByLabelText('Picture'),
      pageFile(await picture(200, 100, '#3a6'), 'own.jpg', 'image/jpeg'),
    );
    expect(screen.getByText('Chosen: own.jpg', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/Chosen from the library/)).toBeNull();
    await user.type(screen.getByLabelText('Picture description'), 'Our own picture');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect((await stored(item.id)).picture).toBe(`media/news/${item.id}.jpg`);
    // The library's file was let go of: only the upload went.
    const sent = cms.api.requests.filter((r) => r.method === 'PUT').at(-1)!;
    expect(String(sent.body)).toContain('filename="own.jpg"');
    expect(String(sent.body)).not.toContain(team.path);
  });
});

describe('a file field', () => {
  it('takes a PDF from the library: a paper added with the library’s PDF and picture', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn<(answer: SaveAnswer) => void>();
    render(<EntityForm def={paper} extras={paperExtras} submitLabel="Upload" onSaved={onSaved} />);
    await user.type(screen.getByLabelText(/^Study title/), 'Team study');
    await user.type(screen.getByLabelText(/^File name when downloaded/), 'team-study');
    await user.click(screen.getByRole('button', { name: 'Choose from the library (PDF file)' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a PDF from the library' });
    await waitFor(() => expect(cms.api.requests.at(-1)!.url).toMatch(/^\/api\/media\?type=pdf&shared=1&/));
    await user.type(within(picker).getByLabelText('Search by name or description'), 'team-{Enter}');
    // Its PDF, and not the pictures of the same name.
    expect(await within(picker).findByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(within(picker).getAllByRole('button', { name: /^team-/ })).toHaveLength(1);
    await user.click(within(picker).getByRole('button', { name: new RegExp(`^${flyer.name}, pdf, `) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('link', { name: 'Open the chosen PDF' })).toHaveAttribute('href', flyer.src);
    expect(screen.getByText(`Chosen from the library: ${flyer.name}`, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose from the library (First-page image)' }));
    const pictures = await screen.findByRole('dialog', { name: 'Choose a picture from the library' });
    await user.type(within(pictures).getByLabelText('Search by name or description'), `${team.name}{Enter}`);
    await user.click(await within(pictures).findByRole('button', { name: new RegExp(`^${team.name},`) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const id = String(onSaved.mock.calls[0]![0].id);
    const file = cms.site.git('show', `HEAD:content/papers/${id}.md`);
    expect(file).toMatch(new RegExp(`^pdf: "?${flyer.path}"?$`, 'm'));
    expect(file).toMatch(new RegExp(`^first_page: "?${team.path}"?$`, 'm'));
  });
});
