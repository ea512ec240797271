// A paper uploaded with its PDF alone gets a picture of the PDF's first page: drawn by the PDF process,
// compared pixel by pixel with the page painted by the test itself (testing/pictures.ts), stored and
// committed exactly as a hand upload of that JPEG is, served and read like any paper's image. Staff's
// own image wins; a PDF that cannot be drawn is refused in plain words with nothing stored or left.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { uploadsDir } from '../../content/writer/mediaUpload.ts';
import { eventually, startTestSite, type TestSite } from '../../testing/testSite.ts';
import { blocksPdf, lockedPdf } from '../../testing/textPdf.ts';
import { difference, paintBlocks, SAMPLE_PAGE } from '../../testing/pictures.ts';
import {
  answer,
  commitCount,
  expectClean,
  expectOneCommit,
  file,
  form,
  git,
  pdfBytes,
  png,
} from './writesTestKit.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await site.signIn();
  const { user } = (await (await site.api('/api/account')).json()) as {
    user: { name: string; email: string };
  };
  AUTHOR = { name: user.name, email: user.email };
});
afterAll(async () => {
  await site?.stop();
});

const { width, height, blocks } = SAMPLE_PAGE;
const samplePdf = () => blocksPdf(width, height, blocks);
const fields = (title: string) => ({
  fileName: 'first-page-brief',
  studyTitle: title,
  abstract: 'Drawn from its PDF.',
  publicationDate: '01/02/2026',
});
const pdfFile = (bytes: Buffer) => file(bytes, 'paper.pdf', 'application/pdf');
const upload = (body: FormData) => answer(site.api('/api/pdf_upload.php', { method: 'POST', body }));
const stored = (rel: string) =>
  execFileSync('git', ['show', `HEAD:${rel}`], { cwd: path.join(site.dataDir, 'site') });
const leftInUploads = () => {
  try {
    return readdirSync(uploadsDir(site.dataDir));
  } catch {
    return [];
  }
};
const nothingLeft = () => eventually(() => leftInUploads().length === 0, 2000, 'the uploads folder to empty');
/** Who the signed-in admin commits as: the name and address of their account. */
let AUTHOR: { name: string; email: string };

describe('a paper uploaded with its PDF alone', () => {
  it('gets its first page as its picture, committed as a hand upload of that picture would be', async () => {
    const before = commitCount(site);
    const res = await upload(form(fields('Drawn for you'), { pdfFile: pdfFile(samplePdf()) }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Submitted successfully!');
    const id = String(res.body.id);
    expectOneCommit(site, before, {
      message: `papers: create ${id} "Drawn for you"`,
      author: AUTHOR,
      files: {
        [`content/papers/${id}.md`]: 'A',
        [`media/papers/${id}.pdf`]: 'A',
        [`media/papers/${id}.jpg`]: 'A',
      },
    });
    const picture = stored(`media/papers/${id}.jpg`);
    expect((await sharp(picture).metadata()).format).toBe('jpeg');
    const diff = await difference(picture, paintBlocks(width, height, blocks, 800));
    expect(diff).toMatchObject({ width: 800, height: 400 });
    expect(diff.mean).toBeLessThan(2);
    expect(diff.farOff).toBeLessThan(0.01);

    // The same PDF with that picture uploaded by hand: the same item file (but its id), the same commit.
    const handBefore = commitCount(site);
    const hand = await upload(
      form(fields('Drawn for you'), {
        pdfFile: pdfFile(samplePdf()),
        firstPage: file(picture, 'page.jpg', 'image/jpeg'),
      }),
    );
    expect(hand.status).toBe(201);
    const handId = String(hand.body.id);
    expectOneCommit(site, handBefore, {
      message: `papers: create ${handId} "Drawn for you"`,
      author: AUTHOR,
      files: {
        [`content/papers/${handId}.md`]: 'A',
        [`media/papers/${handId}.pdf`]: 'A',
        [`media/papers/${handId}.jpg`]: 'A',
      },
    });
    const text = (n: string) => stored(`content/papers/${n}.md`).toString('utf8').replaceAll(`/${n}.`, '/N.');
    expect(text(id)).toBe(text(handId));
    expect(git(site, 'rev-parse', `HEAD:media/papers/${id}.jpg`)).toBe(
      git(site, 'rev-parse', `HEAD:media/papers/${handId}.jpg`),
    );
    await nothingLeft();

    // Read and served like any paper's picture: in the documented list, as a file, and as a variant.
    const images = (await (await site.api('/api/pdf_images.php')).json()) as string[];
    const papers = (await (await site.api('/api/get_pdf_metadata.php')).json()) as { id: string }[];
    const mine = images[papers.findIndex((p) => String(p.id) === id)]!;
    expect(Buffer.from(mine.replace(/^data:[^,]*,/, ''), 'base64').equals(picture)).toBe(true);
    const served = await site.api(`/media/papers/${id}.jpg`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const variant = await site.api(`/media/papers/${id}.jpg?w=320`);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(320);
  });

  it("keeps the picture staff upload with the PDF: theirs, not the PDF's first page", async () => {
    const mine = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#c83' } })
      .png()
      .toBuffer();
    const res = await upload(
      form(fields('Their own picture'), {
        pdfFile: pdfFile(samplePdf()),
        firstPage: file(mine, 'p.png', 'image/png'),
      }),
    );
    expect(res.status).toBe(201);
    expect(stored(`media/papers/${String(res.body.id)}.png`).equals(mine)).toBe(true);
  });

  it('keeps the picture a paper has when only its PDF is replaced', async () => {
    const made = await upload(form(fields('Replaced PDF'), { pdfFile: pdfFile(samplePdf()) }));
    const id = String(made.body.id);
    const picture = git(site, 'rev-parse', `HEAD:media/papers/${id}.jpg`);
    const before = commitCount(site);
    const res = await answer(
      site.api('/api/pdf_update.php', {
        method: 'POST',
        body: form({ fileId: id }, { pdfFile: pdfFile(blocksPdf(300, 300, [])) }),
      }),
    );
    expect(res.status).toBe(200);
    expectOneCommit(site, before, {
      message: `papers: update ${id} "Replaced PDF"`,
      author: AUTHOR,
      files: { [`media/papers/${id}.pdf`]: 'M' },
    });
    expect(git(site, 'rev-parse', `HEAD:media/papers/${id}.jpg`)).toBe(picture);
  });

  it('refuses a PDF that cannot be drawn in plain words, asking for a picture, with nothing stored', async () => {
    const cases: [string, Buffer, string][] = [
      ['locked', lockedPdf(), 'it is protected with a password'],
      ['damaged', pdfBytes('no pages'), 'it is damaged or is not really a PDF'],
    ];
    for (const [what, bytes, why] of cases) {
      const before = commitCount(site);
      const res = await upload(form(fields(`A ${what} PDF`), { pdfFile: pdfFile(bytes) }));
      const ask = 'Please choose a first-page image (JPEG, PNG, GIF or WebP) and upload it with the PDF.';
      const field = 'Choose a first-page image: this PDF cannot be drawn.';
      expect({ what, ...res }).toEqual({
        what,
        status: 400,
        body: {
          error: `A picture of this PDF's first page could not be made: ${why}. ${ask}`,
          fields: { first_page: field, firstPage: field },
        },
      });
      expect(commitCount(site)).toBe(before);
      expectClean(site);
      await nothingLeft();
    }
    // With a picture of its own, the same locked PDF is saved: the picture is only asked for when needed.
    const res = await upload(
      form(fields('A locked PDF with a picture'), {
        pdfFile: pdfFile(lockedPdf()),
        firstPage: file(png('own'), 'p.png', 'image/png'),
      }),
    );
    expect(res.status).toBe(201);
  });
});
