// @vitest-environment jsdom
// A form's markdown field with files, against a stand-in server: a dropped picture shows
// "[Uploading …]" where it goes, uploads with a progress bar, asks for its description and takes
// that place as ![description](url), whatever was typed meanwhile; a PDF becomes a link; a refused
// file leaves the text as it was and says why; a screenshot pasted alone uploads, a copy with text
// pastes text; "Choose from the library" puts a picked file's stored description in.
import '../../test/dom.ts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeServer, type FakeServer } from '../../test/fakeServer.ts';
import { followAddress } from '../drafts/workingDraft.ts';
import { libraryFile } from '../media/mediaTestKit.ts';
import { UploadingEditor } from './UploadingEditor.tsx';

let server: FakeServer;
let uninstall: () => void;
beforeEach(() => {
  ({ server, uninstall } = installFakeServer());
});
afterEach(() => uninstall());

const stored = libraryFile;

function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <UploadingEditor id="what" name="what" value={value} onChange={setValue} />;
}

/** The item's form around the field: nothing in the dialogs may send it. */
let sent = 0;
async function show(initial = 'Hello world') {
  sent = 0;
  render(
    <form
      onSubmit={(e) => {
        e.preventDefault();
        sent++;
      }}
    >
      <Field initial={initial} />
    </form>,
  );
  const box = await screen.findByRole<HTMLTextAreaElement>('textbox');
  return box;
}

const picture = (name: string) => new File([new Uint8Array(500)], name, { type: 'image/jpeg' });
const drop = (box: HTMLElement, files: File[]) =>
  fireEvent.drop(box, { dataTransfer: { files, types: ['Files'] } });
const uploads = () => server.to('/api/media', 'POST');

describe('a markdown field with files', () => {
  it('uploads a dropped picture in place, then puts it in with the description asked for', async () => {
    const user = userEvent.setup();
    const box = await show('Hello world');
    box.setSelectionRange(6, 6);
    drop(box, [picture('robot club.jpg')]);
    await waitFor(() => expect(box.value).toBe('Hello [Uploading robot club.jpg…]world'));
    expect(uploads()).toHaveLength(1);
    expect(uploads()[0]!.url).toMatch(/^\/api\/media\?/);
    expect((uploads()[0]!.body as FormData).get('files')).toBeInstanceOf(File);

    act(() => uploads()[0]!.progress(0.4));
    expect(screen.getByRole('progressbar', { name: 'Uploading robot club.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    // Typing goes on meanwhile.
    await user.type(box, '!', {
      initialSelectionStart: box.value.length,
      initialSelectionEnd: box.value.length,
    });
    act(() => uploads()[0]!.respond(201, { items: [stored('robot-club-3f9a.jpg')] }));

    const dialog = await screen.findByRole('dialog', { name: 'Describe the picture' });
    const words = within(dialog).getByLabelText('Description');
    expect(words).toHaveFocus();
    // Nothing written: asked again, nothing put in.
    await user.click(within(dialog).getByRole('button', { name: 'Insert picture' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('or “decorative”');
    // Enter inserts, and does not send the item's form the field is in.
    await user.type(words, 'Students building a [[robot]{Enter}');
    await waitFor(() =>
      expect(box.value).toBe(
        'Hello ![Students building a \\[robot\\]](/media/library/robot-club-3f9a.jpg)world!',
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(sent).toBe(0);
  });

  it('uploads into the draft the form saves to', async () => {
    followAddress('?draft=spring-news');
    try {
      const box = await show('');
      drop(box, [picture('a.jpg')]);
      await waitFor(() => expect(uploads()).toHaveLength(1));
      expect(uploads()[0]!.url).toMatch(/^\/api\/media\?draft=spring-news&/);
    } finally {
      followAddress('?draft=');
    }
  });

  it('fills the description in from the library when the file already has one', async () => {
    const box = await show('');
    drop(box, [picture('logo.jpg')]);
    await waitFor(() => expect(uploads()).toHaveLength(1));
    act(() => uploads()[0]!.respond(201, { items: [stored('logo-1.jpg', { alt: 'The alliance logo' })] }));
    const dialog = await screen.findByRole('dialog', { name: 'Describe the picture' });
    expect(within(dialog).getByLabelText('Description')).toHaveValue('The alliance logo');
  });

  it('takes the stand-in out when the picture is not wanted, and says where the file is', async () => {
    const user = userEvent.setup();
    const box = await show('Text');
    box.setSelectionRange(4, 4);
    drop(box, [picture('a.jpg')]);
    await waitFor(() => expect(uploads()).toHaveLength(1));
    act(() => uploads()[0]!.respond(201, { items: [stored('a-1.jpg')] }));
    await user.click(await screen.findByRole('button', { name: 'Don’t insert it' }));
    await waitFor(() => expect(box.value).toBe('Text'));
    expect(screen.getByRole('status')).toHaveTextContent(
      '“a.jpg” is in the media library but was not put in the text',
    );
  });

  it('puts a PDF in as a link named after the file, without asking', async () => {
    const box = await show('See ');
    box.setSelectionRange(4, 4);
    drop(box, [new File(['%PDF-1.4'], 'Annual report 2025.pdf', { type: 'application/pdf' })]);
    await waitFor(() => expect(uploads()).toHaveLength(1));
    act(() => uploads()[0]!.respond(201, { items: [stored('annual-report-2025-1a2b.pdf')] }));
    await waitFor(() =>
      expect(box.value).toBe('See [Annual report 2025](/media/library/annual-report-2025-1a2b.pdf)'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the text as it was when the server refuses the file, and says why in its words', async () => {
    const box = await show('Keep me');
    box.setSelectionRange(7, 7);
    drop(box, [picture('fake.jpg')]);
    await waitFor(() => expect(box.value).toBe('Keep me[Uploading fake.jpg…]'));
    act(() => uploads()[0]!.respond(415, { error: 'This file is not a JPEG picture.' }));
    await waitFor(() => expect(box.value).toBe('Keep me'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      '“fake.jpg” was not uploaded: This file is not a JPEG picture.',
    );
  });

  it('refuses a file the library does not take before sending it', async () => {
    const box = await show('Keep me');
    drop(box, [new File(['x'], 'notes.docx', { type: 'application/msword' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('“notes.docx” is not a picture or a PDF');
    expect(uploads()).toHaveLength(0);
    expect(box.value).toBe('Keep me');
  });

  it('uploads a picture pasted alone, and pastes text copied with a picture as text', async () => {
    const box = await show('');
    fireEvent.paste(box, {
      clipboardData: { files: [picture('from word.png')], types: ['text/plain', 'Files'] },
    });
    expect(uploads()).toHaveLength(0);
    fireEvent.paste(box, { clipboardData: { files: [picture('screenshot.png')], types: ['Files'] } });
    await waitFor(() => expect(uploads()).toHaveLength(1));
    await waitFor(() => expect(box.value).toBe('[Uploading screenshot.png…]'));
  });

  it('has a picture button that uploads and a “Choose from the library” button that inserts a described file', async () => {
    const user = userEvent.setup();
    const box = await show('Look: ');
    expect(screen.getByRole('button', { name: 'Upload a picture or PDF' })).toBeInTheDocument();
    box.focus();
    box.setSelectionRange(6, 6);
    await user.click(screen.getByRole('button', { name: 'Choose from the library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose from the library' });
    const list = server.to('/api/media?');
    await waitFor(() => expect(list).toHaveLength(1));
    expect(list[0]!.url).toContain('per=24');
    act(() =>
      list[0]!.respond(200, {
        items: [stored('club.jpg', { alt: 'Students at the robotics club' }), stored('plain.jpg')],
        total: 2,
        page: 1,
        per: 24,
      }),
    );
    const first = await within(dialog).findByRole('button', { name: /^club\.jpg/ });
    // Searching with Enter searches at once, and does not send the item's form.
    await user.type(within(dialog).getByLabelText('Search by name or description'), 'club{Enter}');
    await waitFor(() => expect(server.to('/api/media?q=club&')).toHaveLength(1));
    expect(sent).toBe(0);
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(
      within(dialog).getByRole('button', { name: /^plain\.jpg, picture, .*no description yet$/ }),
    ).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Enter}');
    await waitFor(() =>
      expect(box.value).toBe('Look: ![Students at the robotics club](/media/library/club.jpg)'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
