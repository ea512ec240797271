// @vitest-environment jsdom
// Uploading many files from the library page, against a stand-in server: one request per file, two
// at a time, each with its own progress bar; a file the server asks to wait for goes again by
// itself; a refused one keeps the server's words and a Retry; one the browser can tell is wrong
// fails at once, unsent and with nothing to retry.
import '../../test/dom.ts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../test/fakeServer.ts';
import { BulkUpload } from './BulkUpload.tsx';
import { libraryFile } from './mediaTestKit.ts';

let server: FakeServer;
let uninstall: () => void;
beforeEach(() => {
  ({ server, uninstall } = installFakeServer());
});
afterEach(() => uninstall());

const picture = (name: string) => new File([new Uint8Array(500)], name, { type: 'image/jpeg' });
const uploads = () => server.to('/api/media', 'POST');
const sentName = (i: number) => ((uploads()[i]!.body as FormData).get('files') as File).name;

function show() {
  const onUploaded = vi.fn();
  const onOpen = vi.fn();
  render(<BulkUpload onUploaded={onUploaded} onOpen={onOpen} />);
  return { onUploaded, onOpen, input: screen.getByLabelText<HTMLInputElement>('Files to upload') };
}

describe('BulkUpload', () => {
  it('is reached from the keyboard: “Choose files” opens the file chooser', async () => {
    const user = userEvent.setup();
    const { input } = show();
    const click = vi.spyOn(input, 'click');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Choose files' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalledOnce();
  });

  it('sends two files at a time, each with its progress, and says how far it has got', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input, onUploaded } = show();
    await user.upload(input, [picture('a.jpg'), picture('b.jpg'), picture('c.jpg')]);
    expect(uploads().map((_, i) => sentName(i))).toEqual(['a.jpg', 'b.jpg']);
    act(() => uploads()[0]!.progress(0.3));
    expect(screen.getByRole('progressbar', { name: 'Uploading a.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    expect(screen.getByRole('progressbar', { name: 'Uploading b.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Uploading: 0 of 3 files done…');

    act(() => uploads()[0]!.respond(201, { items: [libraryFile('a-1.jpg')] }));
    await waitFor(() => expect(uploads()).toHaveLength(3));
    expect(sentName(2)).toBe('c.jpg');
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ name: 'a-1.jpg' }));
    const a = screen.getByText('a.jpg').closest('li')!;
    expect(a).toHaveTextContent('Uploaded.');
    expect(within(a).queryByRole('progressbar')).toBeNull();
  });

  it('waits when the server says it is busy (429), then sends the same file again by itself', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input } = show();
    await user.upload(input, [picture('a.jpg')]);
    act(() => uploads()[0]!.respond(429, { error: 'Too many uploads at once.' }, { 'Retry-After': '0' }));
    await waitFor(() => expect(uploads()).toHaveLength(2));
    expect(sentName(1)).toBe('a.jpg');
    act(() => uploads()[1]!.respond(201, { items: [libraryFile('a-1.jpg')] }));
    expect(await screen.findByText('Uploaded.')).toBeInTheDocument();
  });

  it('shows why a file was refused, in the server’s words, and Retry sends it again', async () => {
    const user = userEvent.setup({ applyAccept: false });
    show();
    await user.upload(screen.getByLabelText('Files to upload'), [picture('a.jpg')]);
    act(() => uploads()[0]!.respond(413, { error: 'This picture is larger than 5 MB.' }));
    const line = (await screen.findByText(/Not uploaded/)).closest('li')!;
    expect(line).toHaveTextContent('Not uploaded: This picture is larger than 5 MB.');
    await user.click(within(line).getByRole('button', { name: 'Retry a.jpg' }));
    expect(uploads()).toHaveLength(2);
    expect(within(line).getByRole('progressbar')).toBeInTheDocument();
  });

  it('fails a file the library does not take at once, without sending it or offering to retry', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input } = show();
    await user.upload(input, [new File(['x'], 'notes.docx', { type: 'application/msword' })]);
    const line = screen.getByText('notes.docx').closest('li')!;
    expect(line).toHaveTextContent('Not uploaded: “notes.docx” is not a picture or a PDF.');
    expect(within(line).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(uploads()).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('1 file was not uploaded.');
  });
});
