// @vitest-environment jsdom
// Uploading many files from the library page, against the real CMS with real pictures: one request
// per file, two at a time, each with its own progress bar, then "Uploaded." and the file in the site's
// git repository. A file the library does not take (an SVG, a 6 MB picture) fails at once in plain
// words, unsent; one the server refuses keeps the server's words and a Retry; the others still land.
// (Sending the same file again after a 429 is the upload queue's: uploadQueue.test.ts.)
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import { BulkUpload } from './BulkUpload.tsx';
import { bigPicture, filesInGit, pageFile, picture, svgDrawing } from './mediaSiteTestKit.ts';
import type { MediaFile } from './mediaTypes.ts';

let cms: RealCms;
beforeAll(async () => {
  cms = await startRealCms();
});
afterAll(() => cms?.stop());

const uploads = () => cms.api.requests.filter((r) => r.method === 'POST' && r.url.startsWith('/api/media?'));
const isUpload = (r: { method: string; url: string }) =>
  r.method === 'POST' && r.url.startsWith('/api/media?');

function show() {
  const onUploaded = vi.fn<(file: MediaFile) => void>();
  const onOpen = vi.fn<(file: MediaFile) => void>();
  render(<BulkUpload onUploaded={onUploaded} onOpen={onOpen} />);
  return { onUploaded, onOpen, input: screen.getByLabelText<HTMLInputElement>('Files to upload') };
}

const line = (name: string) => screen.getByText(name, { selector: '.media-upload-name' }).closest('li')!;

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

  it('sends two files at a time, each with its progress bar, and every one lands in the site', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input, onUploaded, onOpen } = show();
    const before = filesInGit(cms);
    const held = cms.hold(isUpload);
    await user.upload(input, [
      pageFile(await picture(640, 480), 'Robot club.jpg', 'image/jpeg'),
      pageFile(await picture(300, 200, '#c33', 'png'), 'Poster.png', 'image/png'),
      pageFile(await picture(120, 90, '#33c'), 'Team day.jpg', 'image/jpeg'),
    ]);
    // Two on their way, each with its bar; the third waits its turn.
    await waitFor(() => expect(held.count()).toBe(2));
    for (const name of ['Robot club.jpg', 'Poster.png'])
      expect(within(line(name)).getByRole('progressbar', { name: `Uploading ${name}` })).toHaveAttribute(
        'aria-valuenow',
        '0',
      );
    expect(line('Team day.jpg')).toHaveTextContent('Waiting its turn…');
    expect(within(line('Team day.jpg')).queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Uploading: 0 of 3 files done…');
    held.release();

    // jsdom's XMLHttpRequest reports an upload's progress only once the server has answered (all
    // of it at once), so the bar's steps on the way are not seen here: each file's end is.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('3 files uploaded.'), {
      timeout: 10_000,
    });
    for (const name of ['Robot club.jpg', 'Poster.png', 'Team day.jpg']) {
      expect(line(name)).toHaveTextContent('Uploaded.');
      expect(within(line(name)).queryByRole('progressbar')).toBeNull();
    }
    expect(uploads()).toHaveLength(3);
    const stored = onUploaded.mock.calls.map(([f]) => f);
    expect(stored.map((f) => f.path).sort()).toEqual(
      filesInGit(cms)
        .filter((p) => !before.includes(p) && !p.endsWith('.md'))
        .sort(),
    );
    const robot = stored.find((f) => f.path.startsWith('media/library/robot-club-'))!;
    expect(robot).toMatchObject({ type: 'image', width: 640, height: 480 });
    expect(stored.find((f) => f.path.startsWith('media/library/poster-'))!.path).toMatch(/\.png$/);
    await user.click(within(line('Robot club.jpg')).getByRole('button', { name: 'Open Robot club.jpg' }));
    expect(onOpen).toHaveBeenCalledWith(robot);
  });

  it('says in plain words why a file was refused, and the others still land', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input } = show();
    const before = filesInGit(cms);
    const sentBefore = uploads().length;
    await user.upload(input, [
      pageFile(svgDrawing(), 'logo.svg', 'image/svg+xml'),
      pageFile(await bigPicture(6), 'Banner.png', 'image/png'),
      // A drawing saved under a picture's name: only the server, reading its bytes, can tell.
      pageFile(svgDrawing(), 'chart.png', 'image/png'),
      pageFile(await picture(200, 150), 'Garden.jpg', 'image/jpeg'),
    ]);
    // What the browser can tell fails at once, unsent, with nothing to retry.
    expect(line('logo.svg')).toHaveTextContent(
      'Not uploaded: “logo.svg” is not a picture or a PDF. The library takes JPEG, PNG, GIF or WebP pictures up to 5 MB, and PDF files up to 30 MB.',
    );
    expect(line('Banner.png')).toHaveTextContent(
      /Not uploaded: “Banner\.png” is 6(\.\d)? MB: a picture can be at most 5 MB\. Save a smaller copy/,
    );
    for (const name of ['logo.svg', 'Banner.png'])
      expect(within(line(name)).queryByRole('button', { name: /Retry/ })).toBeNull();

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 file uploaded, 3 not.'), {
      timeout: 10_000,
    });
    // The server's own words for the file it read and refused; that one can be tried again.
    const chart = line('chart.png');
    expect(chart).toHaveTextContent(
      'Not uploaded: chart.png: This kind of file cannot be uploaded. Please use JPEG, PNG, GIF or WebP pictures, or PDFs.',
    );
    expect(line('Garden.jpg')).toHaveTextContent('Uploaded.');
    expect(uploads()).toHaveLength(sentBefore + 2);
    const added = filesInGit(cms).filter((p) => !before.includes(p));
    expect(added).toEqual([expect.stringMatching(/^media\/library\/garden-[0-9a-f]{6}\.jpg$/)]);

    await user.click(within(chart).getByRole('button', { name: 'Retry chart.png' }));
    await waitFor(() => expect(uploads()).toHaveLength(sentBefore + 3));
    await waitFor(() => expect(line('chart.png')).toHaveTextContent('Not uploaded: chart.png: This kind'));
    expect(filesInGit(cms).filter((p) => !before.includes(p))).toEqual(added);
  });
});
