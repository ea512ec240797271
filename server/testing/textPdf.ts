// Real, minimal one-page PDFs written by hand with a correct cross-reference table: one whose page shows
// the given lines of text (Helvetica), so tests can upload a PDF whose words only its text holds; one
// whose page's drawing is given as it is and packed (Flate), as a hostile PDF packs gigabytes of it
// into a small file; one of coloured blocks whose picture tests can draw themselves; and one locked
// with a password.
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

/** A block of colour on a page: `x`, `y` from the page's top left, in points; `rgb` 0–255 each. */
export interface Block {
  x: number;
  y: number;
  width: number;
  height: number;
  rgb: [number, number, number];
}

/** A page of `width` × `height` points showing only `blocks` (filled rectangles, drawn in order). */
export function blocksPdf(width: number, height: number, blocks: Block[]): Buffer {
  const stream = blocks
    .map(({ x, y, width: w, height: h, rgb }) => {
      const [r, g, b] = rgb.map((c) => +(c / 255).toFixed(4));
      return `${r} ${g} ${b} rg ${x} ${height - y - h} ${w} ${h} re f`; // PDF's y counts up from the bottom
    })
    .join('\n');
  const content = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  return onePagePdf([Buffer.from(content, 'latin1'), Buffer.from(FONT, 'latin1')], [width, height]);
}

/** A PDF that opens only with a password: its Encrypt dictionary's checks match no empty password, so
 *  a reader asks for one before it reads a page. */
export function lockedPdf(): Buffer {
  const hex = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('');
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /Length 40 /P -4 /O <${hex(32, 7)}> /U <${hex(32, 11)}> >>`;
  return onePagePdf(
    [Buffer.from('<< /Length 0 >>\nstream\n\nendstream', 'latin1'), Buffer.from(FONT, 'latin1')],
    [612, 792],
    `${encrypt} /ID [<${hex(16, 3)}> <${hex(16, 3)}>]`,
  );
}

/** The file: catalog, pages, the page (objects 1–3), then `rest` from object 4: its content stream, its
 *  font (object 5), and anything else; `trailer` adds entries to the trailer. */
function onePagePdf(rest: Buffer[], [width, height] = [612, 792], trailer = ''): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R ` +
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
  tail += `trailer\n<< /Size ${count} /Root 1 0 R ${trailer}>>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}
