// What an upload or a library pick writes into a markdown field: a stand-in while it uploads, then a
// picture or a link in its place, the rest of the text untouched.
import { describe, expect, it } from 'vitest';
import {
  fileWords,
  imageMarkdown,
  insertAt,
  linkMarkdown,
  removeStandIn,
  replaceStandIn,
  uploadingText,
} from './markdownInsert.ts';

describe('the stand-in while a file uploads', () => {
  it('names the file, and a second upload of the same name gets its own', () => {
    expect(uploadingText('photo.jpg', '')).toBe('[Uploading photo.jpg…]');
    expect(uploadingText('photo.jpg', 'Intro [Uploading photo.jpg…]')).toBe('[Uploading photo.jpg (2)…]');
  });
  it('keeps to one line and leaves out brackets that would end it early', () => {
    expect(uploadingText('my [best]\nshot.png', '')).toBe('[Uploading my best shot.png…]');
  });
});

describe('insertAt', () => {
  it('puts the text at the caret and the caret after it', () => {
    expect(insertAt('Hello world', { start: 6, end: 6 }, 'big ')).toEqual({
      text: 'Hello big world',
      caret: 10,
    });
  });
  it('replaces a selection', () => {
    expect(insertAt('Hello world', { start: 6, end: 11 }, 'there')).toEqual({
      text: 'Hello there',
      caret: 11,
    });
  });
  it('keeps a caret past the end at the end', () => {
    expect(insertAt('Hi', { start: 9, end: 9 }, '!')).toEqual({ text: 'Hi!', caret: 3 });
  });
});

describe('replacing the stand-in', () => {
  const stand = '[Uploading photo.jpg…]';
  it('puts the picture where the stand-in is, whatever was typed around it meanwhile', () => {
    const text = `Before ${stand} after, and more typed later`;
    expect(replaceStandIn(text, stand, '![A class](/media/library/a.jpg)', { start: 0, end: 0 })).toEqual({
      text: 'Before ![A class](/media/library/a.jpg) after, and more typed later',
      caret: 39,
    });
  });
  it('puts it at the caret when the stand-in was deleted, so the upload is not lost', () => {
    expect(replaceStandIn('Some text', stand, '![A](/a.jpg)', { start: 4, end: 4 }).text).toBe(
      'Some![A](/a.jpg) text',
    );
  });
  it('takes the stand-in out after a failed upload and leaves everything else', () => {
    expect(removeStandIn(`Keep ${stand} this`, stand)).toBe('Keep  this');
    expect(removeStandIn('Nothing to take', stand)).toBe('Nothing to take');
  });
});

describe('the markdown written', () => {
  it('a picture with its description on one line, brackets escaped', () => {
    expect(imageMarkdown('Students at a [robotics]\nclub', '/media/library/club-3f9a.jpg')).toBe(
      '![Students at a \\[robotics\\] club](/media/library/club-3f9a.jpg)',
    );
  });
  it('an address whose spaces or brackets would end it early is encoded', () => {
    expect(imageMarkdown('A', '/media/news/my photo (1).jpg')).toBe(
      '![A](/media/news/my%20photo%20%281%29.jpg)',
    );
  });
  it('a PDF as a link named after the file, without its ending', () => {
    expect(
      linkMarkdown(fileWords('Annual report 2025.pdf'), '/media/library/annual-report-2025-1a2b.pdf'),
    ).toBe('[Annual report 2025](/media/library/annual-report-2025-1a2b.pdf)');
    expect(fileWords('.pdf')).toBe('.pdf');
  });
});
