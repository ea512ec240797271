// The text a markdown field gets from an upload or a library pick: a stand-in while the file
// uploads ("[Uploading photo.jpg…]"), then a picture with its description or a link to a PDF in its
// place. Plain functions of the text, so the field's text is only ever added to, never lost.
import type { TextRange } from '@uiw/react-md-editor';

export interface Edited {
  text: string;
  /** Where the caret goes: just after what was put in. */
  caret: number;
}

/** The stand-in shown while a file uploads, different from any already in the text. */
export function uploadingText(name: string, text: string): string {
  const safe = oneLine(name).replace(/[[\]]/g, '');
  for (let n = 1; ; n++) {
    const stand = `[Uploading ${safe}${n > 1 ? ` (${n})` : ''}…]`;
    if (!text.includes(stand)) return stand;
  }
}

/** `snippet` in place of the selection (a caret is an empty selection). */
export function insertAt(text: string, at: TextRange, snippet: string): Edited {
  const start = Math.max(0, Math.min(at.start, text.length));
  const end = Math.max(start, Math.min(at.end, text.length));
  return { text: text.slice(0, start) + snippet + text.slice(end), caret: start + snippet.length };
}

/**
 * `snippet` in place of the stand-in; when the stand-in is gone (deleted, or the text was replaced
 * meanwhile) at `fallback` instead, so nothing uploaded goes missing and nothing typed is lost.
 */
export function replaceStandIn(text: string, standIn: string, snippet: string, fallback: TextRange): Edited {
  const at = text.indexOf(standIn);
  if (at < 0) return insertAt(text, fallback, snippet);
  return insertAt(text, { start: at, end: at + standIn.length }, snippet);
}

/** The stand-in taken out (an upload that failed or was not wanted); the text unchanged without it. */
export function removeStandIn(text: string, standIn: string): string {
  const at = text.indexOf(standIn);
  return at < 0 ? text : text.slice(0, at) + text.slice(at + standIn.length);
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Words inside [ ]: one line, with the characters markdown reads there escaped. */
const bracketed = (words: string) => oneLine(words).replace(/([\\[\]])/g, '\\$1');

/** An address inside ( ): spaces and brackets encoded so the address ends where it should. */
const address = (url: string) =>
  url.replace(/[ ()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** A picture with its description: `![A class at work](/media/library/class.jpg)`. */
export const imageMarkdown = (description: string, url: string) =>
  `![${bracketed(description)}](${address(url)})`;

/** A link to a file: `[Annual report 2025](/media/library/annual-report.pdf)`. */
export const linkMarkdown = (words: string, url: string) => `[${bracketed(words)}](${address(url)})`;

/** A file's name as link words: its ending dropped ("Annual report 2025.pdf" → "Annual report 2025"). */
export const fileWords = (name: string) => oneLine(name.replace(/\.[a-z0-9]{1,5}$/i, '')) || name;
