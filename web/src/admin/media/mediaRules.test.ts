// What the browser checks before sending a file, and how sizes and addresses are put in words.
import { describe, expect, it } from 'vitest';
import { MEDIA_PER_PAGE, mediaListEndpoint } from './mediaApi.ts';
import { fileProblem, formatSize, kindOf, replaceProblem, thumbnailOf } from './mediaRules.ts';
import { FIRST_MEDIA_PAGE } from './mediaTypes.ts';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('fileProblem', () => {
  it.each([
    ['photo.jpg', 'image/jpeg', 5 * MB],
    ['photo.png', 'image/png', 1000],
    ['anim.gif', 'image/gif', 1000],
    ['pic.webp', 'image/webp', 1000],
    ['report.pdf', 'application/pdf', 30 * MB],
    // A phone that sends no type, or a system that calls WebP a plain file: the name tells.
    ['pic.WEBP', 'application/octet-stream', 1000],
    ['scan.pdf', '', 1000],
  ])('takes %s (%s, %i bytes)', (name, type, size) => {
    expect(fileProblem(file(name, type, size))).toBeNull();
  });

  it('refuses a picture over 5 MB and a PDF over 30 MB, saying the size, the limit and what to do', () => {
    expect(fileProblem(file('big.jpg', 'image/jpeg', 5 * MB + 1))).toBe(
      '“big.jpg” is just over 5 MB: a picture can be at most 5 MB. Save a smaller copy (fewer pixels, or as JPEG) and try again.',
    );
    expect(fileProblem(file('big.pdf', 'application/pdf', 31.5 * MB))).toMatch(
      /^“big.pdf” is 31.5 MB: a PDF can be at most 30 MB\./,
    );
  });

  it('refuses what is not a picture or a PDF (an SVG too), and an empty file', () => {
    expect(fileProblem(file('logo.svg', 'image/svg+xml', 1000))).toMatch(
      /“logo.svg” is not a picture or a PDF/,
    );
    expect(fileProblem(file('notes.docx', '', 1000))).toMatch(/JPEG, PNG, GIF or WebP pictures up to 5 MB/);
    expect(fileProblem(file('empty.png', 'image/png', 0))).toMatch(/“empty.png” is empty/);
  });

  it('tells pictures from PDFs', () => {
    expect(kindOf(file('a.jpeg', '', 1))).toBe('image');
    expect(kindOf(file('a.pdf', 'application/pdf', 1))).toBe('pdf');
    expect(kindOf(file('a.txt', 'text/plain', 1))).toBeNull();
  });
});

describe('replaceProblem', () => {
  it('takes a file of the old one’s type only, since the address (and its ending) stays', () => {
    expect(replaceProblem({ name: 'class-3f9a.jpg' }, file('new.jpeg', 'image/jpeg', 1000))).toBeNull();
    expect(replaceProblem({ name: 'class-3f9a.jpg' }, file('new.png', 'image/png', 1000))).toBe(
      '“new.png” is not a JPG file. To keep the same address, the new file must be a JPG like the old one.',
    );
    expect(replaceProblem({ name: 'report.pdf' }, file('huge.pdf', 'application/pdf', 40 * MB))).toMatch(
      /at most 30 MB/,
    );
  });
});

describe('formatSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [84_000, '82 KB'],
    [MB, '1 MB'],
    [1.44 * MB, '1.4 MB'],
    [5 * MB, '5 MB'],
    [29.96 * MB, '30 MB'],
  ])('%i bytes read “%s”', (bytes, words) => {
    expect(formatSize(bytes)).toBe(words);
  });
});

describe('addresses', () => {
  it('asks for the small picture at the file’s current version', () => {
    expect(thumbnailOf({ src: '/media/library/a.jpg?v=0123' })).toBe('/media/library/a.jpg?v=0123&w=320');
    expect(thumbnailOf({ src: '/media/news/5.jpg' })).toBe('/media/news/5.jpg?w=320');
  });

  it('lists with only the search and filters set, a page at a time, in the draft worked in', () => {
    expect(mediaListEndpoint(FIRST_MEDIA_PAGE, { draft: null })).toBe(
      `media?sort=newest&page=1&per=${MEDIA_PER_PAGE}`,
    );
    expect(
      mediaListEndpoint(
        { q: ' class photo ', type: 'pdf', unused: true, sort: 'size', page: 3 },
        { draft: 'spring' },
      ),
    ).toBe('media?q=class+photo&type=pdf&unused=1&sort=size&page=3&per=48&draft=spring');
  });
});
