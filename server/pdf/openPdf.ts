// pdf.js opening a document in the PDF process (pdfChild.ts), with the same settings for every job:
// its fonts, character maps and decoders from its own package, no code evaluated from the PDF, and no
// picture inside it decoded past a size (a small file can declare an image of billions of pixels).
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

// File paths in Node, from pdf.js's package.
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const dataDir = (name: string) => path.join(pdfjsDir, name) + path.sep;

/** Pictures inside a PDF larger than this (pixels) are left out when a page is drawn. */
export const MAX_PDF_IMAGE_PIXELS = 40_000_000;

export function openPdf(bytes: Uint8Array) {
  return getDocument({
    data: bytes,
    standardFontDataUrl: dataDir('standard_fonts'),
    cMapUrl: dataDir('cmaps'),
    cMapPacked: true,
    wasmUrl: dataDir('wasm'),
    useSystemFonts: true,
    isEvalSupported: false,
    maxImageSize: MAX_PDF_IMAGE_PIXELS,
    verbosity: VerbosityLevel.ERRORS, // a PDF's font quirks are not the server log's business
  });
}

/** Why pdf.js could not open or draw a PDF, in plain words for staff (its own messages are for developers). */
export function whyUnreadable(e: unknown): string {
  const name = (e as { name?: string } | null)?.name;
  if (name === 'PasswordException') return 'it is protected with a password';
  if (name === 'InvalidPDFException') return 'it is damaged or is not really a PDF';
  if (name === 'FormatError' || name === 'UnknownErrorException') return 'parts of it are damaged';
  return (e as Error | null)?.message || 'pdf.js could not read it';
}
