// @vitest-environment jsdom
// A form's markdown field with files, against the real CMS with real pictures: a dropped or pasted
// picture shows "[Uploading …]" where it goes while it is sent, asks for its description and takes
// that place as ![description](/media/library/…), whatever was typed meanwhile, and the file is in the
// site (in the draft the form saves to, when there is one). Described once, everywhere: the words
// given for a picture the library has no description of are kept as its description too; one
// described meanwhile keeps its own. A PDF becomes a link; a refused file leaves the text as it was
// and says why; "Choose from the library" puts a picked file's stored description in.
import '../../test/dom.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import type { SeenRequest } from '../../test/apiServer.ts';
import { followAddress } from '../drafts/workingDraft.ts';
import {
  addToLibrary,
  filesInGit,
  pageFile,
  picture,
  storedFile,
  svgDrawing,
} from '../media/mediaSiteTestKit.ts';
import { UploadingEditor } from './UploadingEditor.tsx';

let cms: RealCms;
beforeAll(async () => {
  cms = await startRealCms();
});
afterAll(() => cms?.stop());

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
  return screen.findByRole<HTMLTextAreaElement>('textbox');
}

const jpeg = async (name: string, colour = '#3a6') =>
  pageFile(await picture(320, 240, colour), name, 'image/jpeg');
const drop = (box: HTMLElement, files: File[]) =>
  fireEvent.drop(box, { dataTransfer: { files, types: ['Files'] } });
const isUpload = (r: SeenRequest) => r.method === 'POST' && r.url.startsWith('/api/media?');
const uploads = () => cms.api.requests.filter(isUpload);
/** The library address a text's picture or link points at. */
const addressIn = (text: string) => /\((\/media\/library\/[^)]+)\)/.exec(text)?.[1] ?? '';
const pathOf = (url: string) => url.replace(/^\//, '');

describe('a markdown field with files', () => {
  it('uploads a dropped picture in place, puts it in with its description, and keeps that in the library', async () => {
    const user = userEvent.setup();
    const box = await show('Hello world');
    box.setSelectionRange(6, 6);
    const held = cms.hold(isUpload);
    drop(box, [await jpeg('robot club.jpg')]);
    await waitFor(() => expect(box.value).toBe('Hello [Uploading robot club.jpg…]world'));
    await waitFor(() => expect(held.count()).toBe(1));
    // jsdom's XMLHttpRequest reports the upload's progress only with the server's answer: the bar
    // is seen while the file is on its way, its steps are not.
    expect(screen.getByRole('progressbar', { name: 'Uploading robot club.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    // Typing goes on meanwhile.
    await user.type(box, '!', {
      initialSelectionStart: box.value.length,
      initialSelectionEnd: box.value.length,
    });
    held.release();

    const dialog = await screen.findByRole('dialog', { name: 'Describe the picture' });
    const words = within(dialog).getByLabelText('Description');
    expect(words).toHaveFocus();
    expect(words).toHaveValue('');
    expect(words).toHaveAccessibleDescription(
      /It has no description in the media library yet, so yours is kept there too, for other pages that show it\.$/,
    );
    // Nothing written: asked again, nothing put in.
    await user.click(within(dialog).getByRole('button', { name: 'Insert picture' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('or “decorative”');
    // Enter inserts, and does not send the item's form the field is in.
    await user.type(words, 'Students building a [[robot]{Enter}');
    await waitFor(() =>
      expect(box.value).toMatch(
        /^Hello !\[Students building a \\\[robot\\\]\]\(\/media\/library\/robot-club-[0-9a-f]{6}\.jpg\)world!$/,
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(sent).toBe(0);
    const path = pathOf(addressIn(box.value));
    expect(filesInGit(cms)).toContain(path);
    await waitFor(async () => expect((await storedFile(cms, path))?.alt).toBe('Students building a [robot]'));
    expect(cms.site.git('show', `HEAD:${path}.md`)).toContain('alt: "Students building a [robot]"');
  });

  it('uploads into the draft the form saves to, and keeps the description there', async () => {
    const made = await call(cms, '/api/drafts', { json: { title: 'Spring news' } });
    const draft = String(made.body.id);
    followAddress(`?draft=${draft}`);
    try {
      const user = userEvent.setup();
      const box = await show('');
      drop(box, [await jpeg('garden.jpg', '#6a3')]);
      await waitFor(() => expect(uploads().at(-1)!.url).toMatch(new RegExp(`^/api/media\\?draft=${draft}&`)));
      const dialog = await screen.findByRole('dialog', { name: 'Describe the picture' });
      await user.type(within(dialog).getByLabelText('Description'), 'The school garden{Enter}');
      await waitFor(() => expect(box.value).toMatch(/^!\[The school garden\]\(\/media\/library\/garden-/));
      const path = pathOf(addressIn(box.value));
      await waitFor(async () => expect((await storedFile(cms, path, draft))?.alt).toBe('The school garden'));
      // Not on the live site until the draft is published.
      expect(await storedFile(cms, path)).toBeUndefined();
      expect(filesInGit(cms)).not.toContain(path);
      expect(cms.api.requests.filter((r) => r.method === 'PATCH').map((r) => r.url)).toContainEqual(
        expect.stringMatching(new RegExp(`^/api/media\\?path=.*&draft=${draft}&`)),
      );
    } finally {
      followAddress('?draft=');
    }
  });

  it('takes the stand-in out when the picture is not wanted, and says where the file is', async () => {
    const user = userEvent.setup();
    const box = await show('Text');
    box.setSelectionRange(4, 4);
    const before = filesInGit(cms);
    drop(box, [await jpeg('a.jpg')]);
    await user.click(await screen.findByRole('button', { name: 'Don’t insert it' }));
    await waitFor(() => expect(box.value).toBe('Text'));
    expect(screen.getByRole('status')).toHaveTextContent(
      '“a.jpg” is in the media library but was not put in the text',
    );
    const [added] = filesInGit(cms).filter((p) => !before.includes(p));
    expect(added).toMatch(/^media\/library\/a-[0-9a-f]{6}\.jpg$/);
    expect((await storedFile(cms, added!))?.alt).toBe('');
  });

  it('puts a PDF in as a link named after the file, without asking', async () => {
    const box = await show('See ');
    box.setSelectionRange(4, 4);
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    drop(box, [pageFile(pdf, 'Annual report 2025.pdf', 'application/pdf')]);
    await waitFor(() =>
      expect(box.value).toMatch(
        /^See \[Annual report 2025\]\(\/media\/library\/annual-report-2025-[0-9a-f]{6}\.pdf\)$/,
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(filesInGit(cms)).toContain(pathOf(addressIn(box.value)));
  });

  it('keeps the text as it was when the server refuses the file, and says why in its words', async () => {
    const box = await show('Keep me');
    box.setSelectionRange(7, 7);
    const held = cms.hold(isUpload);
    // A drawing saved under a picture's name: only the server, reading its bytes, can tell.
    drop(box, [pageFile(svgDrawing(), 'fake.jpg', 'image/jpeg')]);
    await waitFor(() => expect(box.value).toBe('Keep me[Uploading fake.jpg…]'));
    held.release();
    await waitFor(() => expect(box.value).toBe('Keep me'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      '“fake.jpg” was not uploaded: fake.jpg: This kind of file cannot be uploaded. Please use JPEG, PNG, GIF or WebP pictures, or PDFs.',
    );
  });

  it('refuses a file the library does not take before sending it', async () => {
    const box = await show('Keep me');
    const before = uploads().length;
    drop(box, [pageFile(svgDrawing(), 'logo.svg', 'image/svg+xml')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('“logo.svg” is not a picture or a PDF');
    expect(uploads()).toHaveLength(before);
    expect(box.value).toBe('Keep me');
  });

  it('uploads a picture pasted alone, and pastes text copied with a picture as text', async () => {
    const user = userEvent.setup();
    const box = await show('');
    const before = uploads().length;
    fireEvent.paste(box, {
      clipboardData: { files: [await jpeg('from word.png')], types: ['text/plain', 'Files'] },
    });
    const screenshot = pageFile(await picture(200, 100, '#fff', 'png'), 'screenshot.png', 'image/png');
    const held = cms.hold(isUpload);
    fireEvent.paste(box, { clipboardData: { files: [screenshot], types: ['Files'] } });
    await waitFor(() => expect(box.value).toBe('[Uploading screenshot.png…]'));
    await waitFor(() => expect(held.count()).toBe(1));
    held.release();
    const dialog = await screen.findByRole('dialog', { name: 'Describe the picture' });
    await user.type(within(dialog).getByLabelText('Description'), 'The sign-up page{Enter}');
    await waitFor(() =>
      expect(box.value).toMatch(/^!\[The sign-up page\]\(\/media\/library\/screenshot-[0-9a-f]{6}\.png\)$/),
    );
    expect(uploads()).toHaveLength(before + 1);
  });

  it('puts a file picked from the library in with its stored description, keyboard only', async () => {
    const user = userEvent.setup();
    const [club, plain] = await addToLibrary(cms, {
      'Club photo.jpg': await picture(300, 200, '#a36'),
      'Club plain.jpg': await picture(300, 200, '#36a'),
    });
    await call(cms, `/api/media?path=${encodeURIComponent(club!.path)}`, {
      method: 'PATCH',
      json: { alt: 'Students at the robotics club' },
    });
    const box = await show('Look: ');
    expect(screen.getByRole('button', { name: 'Upload a picture or PDF' })).toBeInTheDocument();
    box.focus();
    box.setSelectionRange(6, 6);
    await user.click(screen.getByRole('button', { name: 'Choose from the library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose from the library' });
    // Searching with Enter searches at once, and does not send the item's form.
    await user.type(within(dialog).getByLabelText('Search by name or description'), 'club-p{Enter}');
    // The files found, and only they (the whole library shows until the search's answer comes).
    expect(await within(dialog).findByText('Showing 1–2 of 2')).toBeInTheDocument();
    const grid = within(dialog).getByRole('list', { name: /^Files/ });
    expect(
      within(grid)
        .getAllByRole('button')
        .map((b) => b.textContent)
        .sort(),
    ).toEqual([club!.name, plain!.name].sort());
    // Each says whether it is described.
    const described = within(grid).getByRole('button', {
      name: new RegExp(`^${club!.name}, picture, .*: Students at the robotics club$`),
    });
    within(grid).getByRole('button', { name: new RegExp(`^${plain!.name}, picture, .*no description yet$`) });
    expect(sent).toBe(0);
    // The keys move through the grid (both were uploaded at once: either may come first).
    const [first, last] = within(grid).getAllByRole('button');
    first!.focus();
    await user.keyboard('{End}');
    expect(last).toHaveFocus();
    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
    if (described !== first) await user.keyboard('{ArrowRight}');
    expect(described).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box.value).toBe(`Look: ![Students at the robotics club](${club!.url})`));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the words for a picked picture the library has not described as its description', async () => {
    const user = userEvent.setup();
    const [team] = await addToLibrary(cms, { 'Team fair.jpg': await picture(300, 200, '#3aa') });
    const box = await show('');
    await user.click(screen.getByRole('button', { name: 'Choose from the library' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose from the library' });
    await user.type(within(picker).getByLabelText('Search by name or description'), 'team-fair{Enter}');
    await user.click(await within(picker).findByRole('button', { name: new RegExp(`^${team!.name},`) }));
    const dialog = await screen.findByRole('dialog', { name: 'Describe the picture' });
    await user.type(within(dialog).getByLabelText('Description'), 'Our team at the science fair{Enter}');
    await waitFor(() => expect(box.value).toBe(`![Our team at the science fair](${team!.url})`));
    await waitFor(async () =>
      expect((await storedFile(cms, team!.path))?.alt).toBe('Our team at the science fair'),
    );
  });

  it('leaves a description someone gave the picture meanwhile as it is: the words are this text’s', async () => {
    const user = userEvent.setup();
    const [stage] = await addToLibrary(cms, { 'Stage.jpg': await picture(300, 200, '#aa3') });
    const box = await show('');
    await user.click(screen.getByRole('button', { name: 'Choose from the library' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose from the library' });
    await user.type(within(picker).getByLabelText('Search by name or description'), 'stage-{Enter}');
    await user.click(await within(picker).findByRole('button', { name: new RegExp(`^${stage!.name},`) }));
    const dialog = await screen.findByRole('dialog', { name: 'Describe the picture' });
    // A colleague describes it in the library while the dialog is open.
    const theirs = await call(cms, `/api/media?path=${encodeURIComponent(stage!.path)}`, {
      method: 'PATCH',
      json: { alt: 'The stage before the awards evening' },
    });
    expect(theirs.status).toBe(200);
    await user.type(within(dialog).getByLabelText('Description'), 'Our winners on stage{Enter}');
    await waitFor(() => expect(box.value).toBe(`![Our winners on stage](${stage!.url})`));
    expect(
      await screen.findByText(
        'Someone described “' +
          stage!.name +
          '” in the media library meanwhile: their description stays there, and yours is in this text.',
      ),
    ).toBeInTheDocument();
    expect((await storedFile(cms, stage!.path))?.alt).toBe('The stage before the awards evening');
  });
});
