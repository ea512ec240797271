// Pictures of a PDF's first page for saves that bring a PDF without the image its entity draws from it
// (a field declared `fromPdf`: a paper's first-page image). The PDF process draws it (off the server's
// thread, bounded in time and memory: pdfProcess.ts); it is written beside the request's uploads and
// handed to the save as one more upload, so the commit is the one a hand upload of that JPEG makes.
// A PDF that cannot be drawn refuses the save before anything is written, asking for an image.
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EntityDef, Fields } from '../schema/define.ts';
import { storedKeyFor } from '../schema/codec.ts';
import { drawnFromPdf } from '../schema/fields.ts';
import { AppError } from '../schema/errors.ts';
import { fileBlobId } from '../store/blobId.ts';
import type { Upload } from '../content/writer/mediaUpload.ts';
import { PDF_PICTURE_LIMITS, PdfProcess, PdfReaderUnavailable, type FirstPageSize } from './pdfProcess.ts';

/** 800 pixels across: twice the width a paper's picture is shown at; the site's smaller WebP variants
 *  (server/schema/site/imageVariants.ts) are made from it as from any uploaded picture. */
export const FIRST_PAGE_SIZE: FirstPageSize = { width: 800, maxHeight: 2000, quality: 85 };

const ASK_FOR_IMAGE = 'Please choose a first-page image (JPEG, PNG, GIF or WebP) and upload it with the PDF.';

/** The uploads a save goes ahead with, and how to remove the pictures made for it once it is done. */
export interface WithPictures {
  uploads: Upload[];
  discard(): Promise<void>;
}

export class FirstPagePictures {
  constructor(
    /** The request uploads' private folder: the pictures are temporary files like them. */
    private readonly tmpDir: string,
    private readonly pdfs = new PdfProcess(PDF_PICTURE_LIMITS),
  ) {}

  /**
   * `uploads` and a picture for each `fromPdf` image the save would otherwise be without: none was
   * uploaded, the item (`current`, undefined when it is being made) has none, and its PDF came.
   */
  async add(
    def: EntityDef,
    uploads: Upload[],
    current: Record<string, unknown> | undefined,
  ): Promise<WithPictures> {
    const sent = (key: string) => uploads.some((u) => storedKeyFor(def, u.field) === key);
    const made: Upload[] = [];
    const discard = () => Promise.all(made.map((u) => rm(u.file, { force: true }))).then(() => undefined);
    try {
      for (const [key, field] of Object.entries(def.fields as Fields)) {
        if (!drawnFromPdf(field, key, sent, current?.[key])) continue;
        const pdf = uploads.find((u) => storedKeyFor(def, u.field) === field.fromPdf)!;
        made.push(await this.draw(key, pdf.file));
      }
    } catch (e) {
      await discard();
      throw e;
    }
    return { uploads: [...uploads, ...made], discard };
  }

  /** Ends the PDF process (a picture being made fails: the server is stopping). */
  close(): Promise<void> {
    return this.pdfs.close();
  }

  private async draw(key: string, pdfFile: string): Promise<Upload> {
    let jpeg: Buffer;
    try {
      // The PDF process reads the upload's temporary file itself (a name the server made, in its
      // private folder; 25 MB at most: the upload limit).
      jpeg = (await this.pdfs.firstPage({ file: pdfFile }, FIRST_PAGE_SIZE)).jpeg;
    } catch (e) {
      const why = (e as Error).message;
      if (e instanceof PdfReaderUnavailable)
        throw new AppError(
          503,
          `The first-page picture cannot be made right now (${why}). ${ASK_FOR_IMAGE}`,
          {
            [key]: 'Choose a first-page image: a picture of the PDF cannot be made right now.',
          },
        );
      throw new AppError(
        400,
        `A picture of this PDF's first page could not be made: ${why}. ${ASK_FOR_IMAGE}`,
        {
          [key]: 'Choose a first-page image: this PDF cannot be drawn.',
        },
      );
    }
    await mkdir(this.tmpDir, { recursive: true, mode: 0o700 });
    const file = path.join(this.tmpDir, `picture-${randomBytes(12).toString('hex')}`);
    await writeFile(file, jpeg, { mode: 0o600 });
    const { oid, size } = await fileBlobId(file);
    return { field: key, type: 'jpg', file, size, blob: oid };
  }
}
