// Real, minimal one-page PDFs written by hand with a correct cross-reference table: one whose page shows
// the given lines of text (Helvetica), so tests can upload a PDF whose words only its text holds, and
// one whose page's drawing is given as it is and packed (Flate), as a hostile PDF packs gigabytes of
// it into a small file.
import { deflateSync } from 'node:zlib';

const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

/** `padBytes`: an extra stream of that many bytes (as a large scanned or image-heavy PDF carries). */
export function textPdf(lines: string[], padBytes = 0): Buffer {
  const stream = [
    'BT',
    '/F1 12 Tf',
    '72 720 Td',
    '14 TL',
    ...lines.map((l) => `(${escapePdf(l)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    FONT,
  ];
  if (padBytes > 0) objects.push(`<< /Length ${padBytes} >>\nstream\n${'x'.repeat(padBytes)}\nendstream`);
  return onePagePdf(objects.map((o) => Buffer.from(o, 'latin1')));
}

/** A page whose content stream is `content` (PDF operators), Flate-compressed in the file. */
export function packedPdf(content: Buffer): Buffer {
  const packed = deflateSync(content, { level: 1 }); // quick to make: a gigabyte in under 2 s
  const stream = Buffer.concat([
    Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
    packed,
    Buffer.from('\nendstream', 'latin1'),
  ]);
  return onePagePdf([stream, Buffer.from(FONT, 'latin1')]);
}

/** The file: catalog, pages, the page (objects 1–3), then `rest` from object 4: its content stream, its
 *  font (object 5), and anything else. */
function onePagePdf(rest: Buffer[]): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R >> >> >>',
  ].map((o) => Buffer.from(o, 'latin1'));
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  [...objects, ...rest].forEach((body, i) => {
    offsets.push(length);
    for (const part of [
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]) {
      parts.push(part);
      length += part.length;
    }
  });
  const count = offsets.length + 1;
  let tail = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (const o of offsets) tail += `${String(o).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}
