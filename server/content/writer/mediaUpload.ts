// Uploads once received: the type decided from the bytes, pictures' sizes checked, blob ids read.
// Receiving them (multer, its limits, the temporary files) is the HTTP edge's: server/http/uploadParser.ts.
import { open } from 'node:fs/promises';
import { AppError } from '../../schema/errors.ts';
import { fileBlobId } from '../../store/blobId.ts';

import { IMAGE_LIMIT, PDF_LIMIT } from '../../schema/fileLimits.ts';
export { IMAGE_LIMIT, PDF_LIMIT };

export type SniffedType = 'pdf' | 'png' | 'jpg' | 'gif' | 'webp';

/** The file type from its first bytes; SVG and everything else is null. */
export function sniff(bytes: Uint8Array): SniffedType | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16));
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  const head = b.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

/** A checked upload: its temporary file is committed from disk (streamed, never whole in memory). */
export interface Upload {
  field: string;
  type: SniffedType;
  /** The temporary file in private/uploads, kept until the request's save is done (keepingUploads). */
  file: string;
  size: number;
  /** Its git blob id, read by streaming the file once. */
  blob: string;
}

/** A file as the upload parser left it on disk (multer's File has these). */
export interface ReceivedFile {
  /** The form field it came in. */
  fieldname: string;
  /** The name the file had on the sender's computer. */
  originalname?: string;
  /** The temporary file in private/uploads. */
  path: string;
  size: number;
}

/** Largest picture accepted, in pixels: a 20,000 × 20,000 PNG is only 1 MB but 1.6 GB to decode. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export { uploadsDir, removeStaleUploads } from './uploadsDir.ts';

async function firstBytes(file: string, n: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await handle.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Width × height of an image, read from its header only; null when it cannot be read. */
async function pixelsOf(file: string): Promise<number | null> {
  try {
    const { default: sharp } = await import('sharp'); // a native library: loaded on the first upload
    const { width, height } = await sharp(file, { limitInputPixels: false }).metadata();
    return width && height ? width * height : null;
  } catch {
    return null;
  }
}

/**
 * Checks each uploaded file against the kind its field expects (400/413/415), from its first bytes and,
 * for a picture, its size in pixels; only then is its blob id read, streaming it (the save then
 * streams the file into git: it is never whole in memory).
 */
export async function checkUploads(
  files: ReceivedFile[] | undefined,
  kindOf: (field: string) => 'image' | 'pdf' | 'file' | undefined,
  options: { many?: boolean } = {},
): Promise<Upload[]> {
  const seen = new Set<string>();
  const checked: { field: string; path: string; type: SniffedType }[] = [];
  for (const f of files ?? []) {
    const asked = kindOf(f.fieldname);
    if (!asked) throw new AppError(400, `Unexpected file field "${f.fieldname}".`);
    if (seen.has(asked + f.fieldname) && !options.many)
      throw new AppError(400, `Send one file for "${f.fieldname}".`);
    seen.add(asked + f.fieldname);
    const named = (words: string) => (options.many && f.originalname ? `${f.originalname}: ${words}` : words);
    if (f.size === 0)
      throw new AppError(400, named('The file is empty.'), { [f.fieldname]: 'The file is empty.' });
    const sniffed = sniff(await firstBytes(f.path, 16));
    // A library upload takes a picture or a PDF, whichever the bytes say it is.
    if (asked === 'file' && !sniffed)
      throw new AppError(
        415,
        named('This kind of file cannot be uploaded. Please use JPEG, PNG, GIF or WebP pictures, or PDFs.'),
        {
          [f.fieldname]: 'Not a picture or a PDF',
        },
      );
    const kind = asked === 'file' ? (sniffed === 'pdf' ? 'pdf' : 'image') : asked;
    const type = sniffed;
    if (kind === 'pdf' && type !== 'pdf') {
      throw new AppError(415, 'This file is not a PDF. Please choose a PDF file.', {
        [f.fieldname]: 'Not a PDF file',
      });
    }
    if (kind === 'image') {
      if (!type || type === 'pdf') {
        throw new AppError(
          415,
          named('This file is not a supported image. Please use JPEG, PNG, GIF or WebP.'),
          {
            [f.fieldname]: 'Not a supported image',
          },
        );
      }
      if (f.size > IMAGE_LIMIT)
        throw new AppError(413, named('The image is too large. Images can be up to 5 MB.'), {
          [f.fieldname]: 'Larger than 5 MB',
        });
      const pixels = await pixelsOf(f.path);
      // A header sharp cannot read is let through as before: the type was already checked from its bytes.
      if (pixels !== null && pixels > MAX_IMAGE_PIXELS)
        throw new AppError(
          413,
          named(
            'The picture has too many pixels. Pictures can be up to 40 megapixels (for example 8000 × 5000).',
          ),
          { [f.fieldname]: 'More than 40 megapixels' },
        );
    }
    checked.push({ field: f.fieldname, path: f.path, type: type! });
  }
  return Promise.all(
    checked.map(async (c) => {
      const { oid, size } = await fileBlobId(c.path);
      return { field: c.field, type: c.type, file: c.path, size, blob: oid };
    }),
  );
}
