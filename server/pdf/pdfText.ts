// A PDF's text, read by pdf.js in the PDF process (pdfChild.ts) for site search.
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { openPdf } from './openPdf.ts';

/** The text of every page, whitespace collapsed to single spaces, up to `maxChars` characters. */
export async function pdfText(bytes: Uint8Array, maxChars: number): Promise<{ text: string; cut: boolean }> {
  const task = openPdf(bytes);
  try {
    const pdf = await task.promise;
    let text = '';
    for (let n = 1; n <= pdf.numPages && text.length <= maxChars; n++) {
      const page = await pdf.getPage(n);
      const { items } = await page.getTextContent();
      const pageText = items
        .filter((item): item is TextItem => 'str' in item)
        .map((item) => item.str + (item.hasEOL ? '\n' : ''))
        .join('');
      text += (n > 1 ? '\n' : '') + pageText.replace(/\s+/g, ' ');
      page.cleanup();
    }
    text = text.replace(/\s+/g, ' ').trim();
    if (text.length <= maxChars) return { text, cut: false };
    return { text: text.slice(0, maxChars).replace(/\s+\S*$/, ''), cut: true }; // not in mid-word
  } finally {
    await task.destroy(); // everything pdf.js kept of this document
  }
}
