// @vitest-environment jsdom
// The add/edit form against a real HTTP server on loopback: what a staff member sees when the
// server refuses a save (messages beside the fields, nothing typed lost), required fields, and the
// choices when someone else saved first.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { news } from '../../../../server/schema/entities/news.ts';
import { paper } from '../../../../server/schema/entities/paper.ts';
import { paperExtras } from '../extras/paper.tsx';
import { startApiServer, type ApiServer } from '../../test/apiServer.ts';
import type { AdminItem } from '../api.ts';
import type { SaveAnswer } from '../entityApi.ts';
import { DRAWING_PICTURE, EntityForm } from './EntityForm.tsx';

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

const stored: AdminItem = {
  id: '7',
  version: 'v1',
  title: 'Spring workshop',
  link: '',
  what: '',
  when_date: '2026-03-05',
  show_from: '',
  show_until: '',
};
const writes = () => api.requests.filter((r) => r.method !== 'GET');

function editForm(onSaved: (answer: SaveAnswer) => void = () => undefined) {
  render(<EntityForm def={news} item={stored} submitLabel="Update" onSaved={onSaved} />);
}

describe('EntityForm', () => {
  it('marks required fields in their labels', () => {
    render(<EntityForm def={news} submitLabel="Add" onSaved={() => undefined} />);
    expect(screen.getByLabelText(/^Title/)).toHaveAccessibleName(/^Title ?\(required\)$/);
    expect(screen.getByLabelText(/^Title/)).toBeRequired();
    expect(screen.getByLabelText(/^Link/)).not.toBeRequired();
  });

  // A message only the server gives: the browser's own check lets this link through (it reads as
  // https://example.org/workshop), so the server's 400 is what puts a message beside the field.
  it('shows a 400 answer’s field message next to that field and keeps what was typed', async () => {
    api.answer(() => ({
      status: 400,
      json: { error: 'Please correct the marked fields.', fields: { link: 'Link must start with https://' } },
    }));
    const user = userEvent.setup();
    editForm();
    const title = screen.getByLabelText(/^Title/);
    const link = screen.getByLabelText(/^Link/);
    await user.clear(title);
    await user.type(title, 'Spring workshop moved');
    await user.type(link, 'example.org/workshop');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the marked fields.');
    expect(link).toHaveAccessibleDescription('Link must start with https://');
    expect(link).toBeInvalid();
    expect(title).toBeValid();
    expect(title).not.toHaveAccessibleDescription(/https/);
    expect(title).toHaveValue('Spring workshop moved');
    expect(link).toHaveValue('example.org/workshop');
    // Only the changed fields went, with the version the form was loaded at.
    expect(writes()).toEqual([
      {
        method: 'PUT',
        url: '/api/news.php?id=7&media=url&shape=typed',
        body: { title: 'Spring workshop moved', link: 'example.org/workshop', version: 'v1' },
      },
    ]);

    // Typing into the field clears its message; the other one stays as typed.
    await user.type(link, '/');
    expect(link).not.toHaveAccessibleDescription(/https/);
    expect(link).toBeValid();
    expect(title).toHaveValue('Spring workshop moved');
  });

  it('says a required field is missing next to it when adding, before sending anything', async () => {
    const user = userEvent.setup();
    render(<EntityForm def={news} submitLabel="Add" onSaved={() => undefined} />);
    await user.type(screen.getByLabelText(/^Link/), 'https://example.org');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const title = screen.getByLabelText(/^Title/);
    // The server's schema and message, checked in the browser: nothing goes to the server.
    expect(await screen.findByRole('alert')).toHaveTextContent('Title is required');
    expect(title).toHaveAccessibleDescription('Title is required');
    expect(title).toBeInvalid();
    expect(screen.getByLabelText(/^Link/)).toHaveValue('https://example.org');
    expect(api.requests).toEqual([]);

    // Typing a title clears its message.
    await user.type(title, 'Spring workshop');
    expect(title).not.toHaveAccessibleDescription(/required/);
  });

  it('says so instead of saving when nothing changed', async () => {
    const user = userEvent.setup();
    editForm();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing has changed, so nothing was saved.');
    expect(writes()).toEqual([]);
  });

  it('hands a saved answer to its caller and starts from it', async () => {
    const saved = { ...stored, title: 'Renamed', version: 'v2' };
    api.answer(() => ({ json: saved }));
    const user = userEvent.setup();
    const answers: SaveAnswer[] = [];
    editForm((a) => answers.push(a));
    const title = screen.getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'Renamed');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(answers).toEqual([saved]));
    expect(title).toHaveValue('Renamed');
    expect(screen.queryByRole('button', { name: 'Undo my changes' })).toBeNull();
  });

  describe('when someone else saved first (409)', () => {
    const theirs: AdminItem = { ...stored, title: 'Spring workshop (full)', version: 'v2' };

    async function conflict() {
      api.answer((req) =>
        (req.body as { version?: string } | undefined)?.version === 'v1'
          ? { status: 409, json: { error: 'Changed by someone else.', current: theirs } }
          : { json: { ...stored, title: 'Mine', version: 'v3' } },
      );
      const user = userEvent.setup();
      editForm();
      const title = screen.getByLabelText(/^Title/);
      await user.clear(title);
      await user.type(title, 'Mine');
      await user.click(screen.getByRole('button', { name: 'Update' }));
      const dialog = await screen.findByRole('dialog', {
        name: 'Someone else changed this while you were editing',
      });
      expect(within(dialog).getByText('Spring workshop (full)')).toBeInTheDocument();
      return { user, dialog, title };
    }

    it('loads their version into the form on request', async () => {
      const { user, dialog, title } = await conflict();
      await user.click(within(dialog).getByRole('button', { name: 'Load the newer version' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(title).toHaveValue('Spring workshop (full)');
      expect(writes()).toHaveLength(1);
    });

    it('saves mine over theirs with their version on request', async () => {
      const { user, dialog, title } = await conflict();
      await user.click(within(dialog).getByRole('button', { name: 'Save mine anyway' }));
      await waitFor(() => expect(writes()).toHaveLength(2));
      expect(writes()[1]!.body).toEqual({ title: 'Mine', version: 'v2' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(title).toHaveValue('Mine');
    });

    it('keeps my typing when I go back to editing', async () => {
      const { user, dialog, title } = await conflict();
      await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(title).toHaveValue('Mine');
      expect(writes()).toHaveLength(1);
    });
  });
});

describe('a paper sent with its PDF alone', () => {
  it('does not ask for the first-page image, and says the picture is being made while it is', async () => {
    let release = () => undefined as void;
    const answered = new Promise<void>((r) => (release = r));
    api.answer(async () => {
      await answered; // the server drawing the picture
      return { status: 201, json: { id: '9', version: 'v1', message: 'Submitted successfully!' } };
    });
    const user = userEvent.setup();
    render(<EntityForm def={paper} extras={paperExtras} submitLabel="Upload" onSaved={() => undefined} />);
    const image = screen.getByLabelText(/^First-page image/);
    expect(image).toHaveAccessibleName('First-page image');
    expect(image).not.toBeRequired();
    expect(image).toHaveAccessibleDescription("Leave empty to use a picture of the PDF's first page.");
    await user.type(screen.getByLabelText(/^Study title/), 'Drawn for you');
    await user.type(screen.getByLabelText(/^File name when downloaded/), 'drawn');
    const pdf = new File(['%PDF-1.4\n'], 'paper.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(/^PDF file/), pdf);
    expect(screen.getByText("The PDF's first page will be its picture.")).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('status')).toHaveTextContent(DRAWING_PICTURE);
    release();
    await waitFor(() => expect(screen.queryByText(DRAWING_PICTURE)).toBeNull());
    const sent = writes();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toMatch(/^\/api\/pdf_upload\.php\?/);
  });

  it('says "Sending Entry Please Wait..." when an image is chosen with the PDF', async () => {
    let release = () => undefined as void;
    const answered = new Promise<void>((r) => (release = r));
    api.answer(async () => {
      await answered;
      return { status: 201, json: { id: '9', version: 'v1', message: 'Submitted successfully!' } };
    });
    const user = userEvent.setup();
    render(<EntityForm def={paper} extras={paperExtras} submitLabel="Upload" onSaved={() => undefined} />);
    await user.type(screen.getByLabelText(/^Study title/), 'Their own picture');
    await user.type(screen.getByLabelText(/^File name when downloaded/), 'own');
    await user.upload(
      screen.getByLabelText(/^PDF file/),
      new File(['%PDF-1.4\n'], 'p.pdf', { type: 'application/pdf' }),
    );
    await user.upload(
      screen.getByLabelText(/^First-page image/),
      new File(['x'], 'p.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sending Entry Please Wait...');
    release();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
