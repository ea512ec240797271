// Files put into a markdown field: dropped on it, pasted into it (a picture alone: text copied
// from a document keeps pasting as text), chosen with the toolbar's picture button, or picked from
// the library. Each upload leaves "[Uploading photo.jpg…]" where it goes while it is sent (in the
// draft the form saves to), then a picture asks for its description and takes that place as
// `![description](url)`; a PDF becomes `[file name](url)`. A failure takes the stand-in out and says
// why beside the editor. Every change is made to the field's latest text, so nothing typed
// meanwhile is lost. Described once, everywhere: the words given for a picture the library has no
// description of yet are saved as its description too (in the draft the form saves to); one the
// library describes keeps its own, and the words are this text's only.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TextRange } from '@uiw/react-md-editor';
import { messageOf } from '../api.ts';
import { workingDraftId } from '../drafts/workingDraft.ts';
import { describeMedia, mediaAt, uploadMedia } from '../media/mediaApi.ts';
import { fileProblem } from '../media/mediaRules.ts';
import type { MediaFile } from '../media/mediaTypes.ts';
import type { UploadEntry } from '../media/uploadQueue.ts';
import { useUploadQueue } from '../media/useUploadQueue.ts';
import {
  fileWords,
  imageMarkdown,
  insertAt,
  linkMarkdown,
  removeStandIn,
  replaceStandIn,
  uploadingText,
  type Edited,
} from './markdownInsert.ts';

/** A picture waiting for its description. */
export interface ToDescribe {
  file: MediaFile;
  /** The name it was uploaded with, for the dialog. */
  name: string;
  /** Its stand-in in the text (an upload), or null (a library pick, put at `at`). */
  standIn: string | null;
  at: TextRange;
  /** The draft it is in (null: the live site), where its description is kept. */
  draft: string | null;
}

export interface Said {
  n: number;
  kind: 'error' | 'info';
  text: string;
}

const upload = (file: File, onProgress: (f: number) => void) => uploadMedia(file, { onProgress });

/** Puts the caret at `caret` once the editor shows `text` (it takes the new value a render later). */
function placeCaret(id: string, text: string, caret: number, focus: boolean, tries = 10): void {
  setTimeout(() => {
    const box = document.getElementById(id);
    if (!(box instanceof HTMLTextAreaElement)) return;
    if (box.value !== text) {
      if (tries > 0) placeCaret(id, text, caret, focus, tries - 1);
      return;
    }
    if (focus) box.focus({ preventScroll: true });
    box.setSelectionRange(caret, caret);
  }, 16);
}

export function useMarkdownUploads(id: string, value: string, onChange: (value: string) => void) {
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  const standIns = useRef(new Map<File, string>());
  const [toDescribe, setToDescribe] = useState<ToDescribe[]>([]);
  const [said, setSaid] = useState<Said[]>([]);
  const count = useRef(0);

  const say = useCallback((kind: Said['kind'], text: string) => {
    setSaid((list) => [...list, { n: ++count.current, kind, text }]);
  }, []);
  const dismiss = useCallback((n: number) => setSaid((list) => list.filter((s) => s.n !== n)), []);

  /** Changes the field's latest text (and remembers it at once, for a second change in the same turn). */
  const edit = useCallback(
    (change: (text: string) => Edited | string, focus = false) => {
      const answer = change(latest.current.value);
      const next = typeof answer === 'string' ? answer : answer.text;
      if (next === latest.current.value) return;
      latest.current = { ...latest.current, value: next };
      latest.current.onChange(next);
      if (typeof answer !== 'string') placeCaret(id, next, answer.caret, focus);
    },
    [id],
  );

  /** The editor's selection now (the end of the text when its box is not there). */
  const selection = useCallback((): TextRange => {
    const box = document.getElementById(id);
    if (box instanceof HTMLTextAreaElement) return { start: box.selectionStart, end: box.selectionEnd };
    const end = latest.current.value.length;
    return { start: end, end };
  }, [id]);

  const settled = (entry: UploadEntry) => {
    const standIn = standIns.current.get(entry.file) ?? null;
    standIns.current.delete(entry.file);
    const name = entry.file.name;
    if (!entry.result) {
      if (standIn) edit((text) => removeStandIn(text, standIn));
      say('error', `“${name}” was not uploaded: ${entry.error ?? 'please try again.'}`);
      return;
    }
    const file = entry.result;
    if (file.type === 'image') {
      setToDescribe((list) => [...list, { file, name, standIn, at: selection(), draft: workingDraftId() }]);
      return;
    }
    const link = linkMarkdown(fileWords(name), file.url);
    edit((text) =>
      standIn ? replaceStandIn(text, standIn, link, selection()) : insertAt(text, selection(), link),
    );
  };
  const { queue, entries } = useUploadQueue(upload, settled, true);

  /** Uploads files into the text at `at` (the selection by default). */
  const uploadFiles = (files: readonly File[], at: TextRange = selection()) => {
    const fine: File[] = [];
    for (const file of files) {
      const problem = fileProblem(file);
      if (problem) say('error', problem);
      else fine.push(file);
    }
    if (!fine.length) return;
    edit((text) => {
      let added = '';
      for (const file of fine) {
        const standIn = uploadingText(file.name, text + added);
        standIns.current.set(file, standIn);
        added += (added ? ' ' : '') + standIn;
      }
      return insertAt(text, at, added);
    });
    queue.add(fine);
  };

  /** A file chosen in the library: a described picture or a PDF goes in at once, others ask first. */
  const insertPicked = (file: MediaFile, at: TextRange) => {
    if (file.type !== 'image') {
      edit((text) => insertAt(text, at, linkMarkdown(file.alt || fileWords(file.name), file.url)), true);
      return;
    }
    if (file.alt) edit((text) => insertAt(text, at, imageMarkdown(file.alt, file.url)), true);
    else
      setToDescribe((list) => [
        ...list,
        { file, name: file.name, standIn: null, at, draft: workingDraftId() },
      ]);
  };

  /**
   * Keeps the words as the picture's description in the library when it has none yet. Asked again
   * first: someone may have described it since the dialog opened, and theirs stays. "Decorative" is
   * about this text only (the picture may say something elsewhere), so it is not kept.
   */
  const keepDescription = async ({ file, name, draft }: ToDescribe, words: string) => {
    if (file.alt || /^decorative$/i.test(words)) return;
    try {
      const now = await mediaAt(file.path, draft);
      if (!now) return;
      if (now.alt) {
        say(
          'info',
          `Someone described “${name}” in the media library meanwhile: their description stays there, and yours is in this text.`,
        );
        return;
      }
      await describeMedia(file.path, { alt: words }, draft);
    } catch (e) {
      say(
        'error',
        `“${name}” is in the text, but its description could not be kept in the media library: ${messageOf(e)}`,
      );
    }
  };

  /** The description dialog's answer for the first picture waiting: the picture in place, or nothing. */
  const described = (description: string | null) => {
    const [first] = toDescribe;
    if (!first) return;
    setToDescribe((list) => list.slice(1));
    const { file, standIn, at, name } = first;
    if (description === null) {
      if (standIn === null) return;
      edit((text) => removeStandIn(text, standIn), true);
      say(
        'info',
        `“${name}” is in the media library but was not put in the text. Use “Choose from the library” to add it.`,
      );
      return;
    }
    void keepDescription(first, description);
    const snippet = imageMarkdown(description, file.url);
    edit(
      (text) =>
        standIn === null ? insertAt(text, at, snippet) : replaceStandIn(text, standIn, snippet, selection()),
      true,
    );
  };

  return {
    /** Files still being sent, with their progress. */
    sending: entries.filter((e) => e.state !== 'done' && e.state !== 'failed'),
    uploadFiles,
    insertPicked,
    selection,
    describing: toDescribe[0] ?? null,
    described,
    said,
    dismiss,
  };
}
