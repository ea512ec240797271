// Uploads: multer with explicit limits, the type decided from the bytes, names made by the server.
import multer from 'multer';
import type { RequestHandler } from 'express';
import { AppError } from '../../schema/errors.ts';

export const IMAGE_LIMIT = 5 * 1024 * 1024;
export const PDF_LIMIT = 25 * 1024 * 1024;

export type SniffedType = 'pdf' | 'png' | 'jpg' | 'gif' | 'webp';

/** The file type from its first bytes; SVG and everything else is null. */
export function sniff(bytes: Uint8Array): SniffedType | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16));
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  const head = b.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

export interface Upload { field: string; bytes: Buffer; type: SniffedType }

const parser = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: PDF_LIMIT, files: 4, fields: 40, fieldSize: 1024 * 1024, parts: 50 },
});

/** Parses a multipart body when there is one; other bodies pass through untouched. */
export const multipart: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  parser.any()(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError(413, 'The file is too large. PDFs can be up to 25 MB and images up to 5 MB.'));
      return next(new AppError(err.code === 'LIMIT_FILE_COUNT' || err.code.startsWith('LIMIT_') ? 413 : 400, 'Too many files or fields were sent.'));
    }
    next(new AppError(400, 'The upload could not be read. Please try again.'));
  });
};

/** Checks each uploaded file against the kind its field expects; throws 400/413/415. */
export function checkUploads(
  files: Express.Multer.File[] | undefined,
  kindOf: (field: string) => 'image' | 'pdf' | undefined,
): Upload[] {
  const seen = new Set<string>();
  const out: Upload[] = [];
  for (const f of files ?? []) {
    const kind = kindOf(f.fieldname);
    if (!kind) throw new AppError(400, `Unexpected file field "${f.fieldname}".`);
    if (seen.has(kind + f.fieldname)) throw new AppError(400, `Send one file for "${f.fieldname}".`);
    seen.add(kind + f.fieldname);
    if (f.size === 0) throw new AppError(400, 'The file is empty.', { [f.fieldname]: 'The file is empty.' });
    const type = sniff(f.buffer);
    if (kind === 'pdf' && type !== 'pdf') {
      throw new AppError(415, 'This file is not a PDF. Please choose a PDF file.', { [f.fieldname]: 'Not a PDF file' });
    }
    if (kind === 'image') {
      if (!type || type === 'pdf') {
        throw new AppError(415, 'This file is not a supported image. Please use JPEG, PNG, GIF or WebP.', { [f.fieldname]: 'Not a supported image' });
      }
      if (f.size > IMAGE_LIMIT) throw new AppError(413, 'The image is too large. Images can be up to 5 MB.', { [f.fieldname]: 'Larger than 5 MB' });
    }
    out.push({ field: f.fieldname, bytes: f.buffer, type: type! });
  }
  return out;
}
