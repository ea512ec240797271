import { describe, expect, it } from 'vitest';
import { entities } from './registry.ts';
import {
  aboutInput,
  libraryPathFor,
  mediaReferencesOf,
  renameMediaReferences,
  mediaTypeOf,
  parseAbout,
  serializeAbout,
} from './mediaLibrary.ts';
import { withMediaFacts } from './site/markdownMedia.ts';

describe('about files', () => {
  it.each([
    { alt: 'Students at the fair', focus: { x: 0.25, y: 0.75 } },
    { alt: 'A "quoted" word: and a colon', focus: null },
    { alt: '', focus: { x: 0, y: 1 } },
  ])('read back what they keep: %j', (about) => {
    expect(parseAbout(serializeAbout(about))).toEqual(about);
  });

  it('read a hand-written file in plain YAML', () => {
    expect(parseAbout("---\nalt: Rosa's team\nfocus:\n  x: 0.4\n  y: 0.6\n---\n")).toEqual({
      alt: "Rosa's team",
      focus: { x: 0.4, y: 0.6 },
    });
    expect(parseAbout('---\nfocus:\n  x: 4\n  y: 0.6\n---\n')).toEqual({ alt: '', focus: null });
  });

  it('take a description and a focal point from 0 to 1, and refuse others in plain words', () => {
    expect(aboutInput.parse({ alt: '  two\n lines ', focus: { x: 1, y: 0 } })).toEqual({
      alt: 'two lines',
      focus: { x: 1, y: 0 },
    });
    expect(aboutInput.safeParse({ focus: { x: 1.5, y: 0 } }).error?.issues[0]?.message).toBe(
      'The focal point’s x must be from 0 to 1.'.replace('’', "'"),
    );
    expect(aboutInput.safeParse({ alt: 'x'.repeat(301) }).success).toBe(false);
    expect(aboutInput.safeParse({ other: 1 }).success).toBe(false);
  });
});

describe('library names', () => {
  it.each([
    ['Class Photo (2026).JPG', 'jpg', 'media/library/class-photo-2026-abc123.jpg'],
    ['Café élève.png', 'png', 'media/library/cafe-eleve-abc123.png'],
    ['../../etc/passwd', 'pdf', 'media/library/passwd-abc123.pdf'],
    ['.png', 'png', 'media/library/file-abc123.png'],
  ])('%s becomes %s', (name, ext, path) => {
    expect(libraryPathFor(name, ext, 'abc123')).toBe(path);
  });

  it('tell pictures, PDFs and others apart', () => {
    expect(['a.JPG', 'b.pdf', 'c.md', 'd.webp'].map(mediaTypeOf)).toEqual(['image', 'pdf', 'other', 'image']);
  });
});

describe('where an item uses media', () => {
  it('finds picture fields and /media/ addresses in texts, each once per field', () => {
    const refs = mediaReferencesOf(entities.news, {
      title: 'See /media/not-a-text-field.png',
      picture: 'media/library/a.jpg',
      what: '![A](/media/library/a.jpg) and [the brief](/media/library/brief%202026.pdf), again ![A](/media/library/a.jpg?v=1).',
    });
    expect(refs).toEqual([
      { path: 'media/library/a.jpg', field: 'what' },
      { path: 'media/library/brief 2026.pdf', field: 'what' },
      { path: 'media/library/a.jpg', field: 'picture' },
    ]);
  });

  it('are named anew where each is used, the end of a sentence kept and a version dropped', () => {
    const renamed = renameMediaReferences(
      entities.news,
      {
        title: 'See /media/library/a.jpg',
        picture: 'media/library/a.jpg',
        what: '![A](/media/library/a.jpg?v=1) and [the brief](/media/library/brief%202026.pdf). Also /media/library/a.jpg. And /media/other.png',
      },
      (rel) =>
        ({
          'media/library/a.jpg': 'media/library/a-1f2e3d.jpg',
          'media/library/brief 2026.pdf': 'media/library/brief-2026-aa00bb.pdf',
        })[rel],
    );
    expect(renamed).toEqual({
      title: 'See /media/library/a.jpg',
      picture: 'media/library/a-1f2e3d.jpg',
      what: '![A](/media/library/a-1f2e3d.jpg) and [the brief](/media/library/brief-2026-aa00bb.pdf). Also /media/library/a-1f2e3d.jpg. And /media/other.png',
    });
  });

  it('are named anew inside lists: a page section’s picture and its text', () => {
    const sections = [
      { type: 'image', image: 'media/library/a.jpg', alt: 'A', caption: '' },
      { type: 'text', body: 'See /media/library/a.jpg' },
    ];
    const renamed = renameMediaReferences(entities.page, { sections }, (rel) =>
      rel === 'media/library/a.jpg' ? 'media/library/b-000000.jpg' : undefined,
    );
    expect(JSON.stringify(renamed.sections)).not.toContain('library/a.jpg');
    expect(JSON.stringify(renamed.sections).match(/library\/b-000000\.jpg/g)).toHaveLength(2);
  });
});

describe('a text’s pictures as pages draw them', () => {
  const facts = {
    version: (rel: string) => (rel === 'media/library/a.jpg' ? '0123456789abcdef' : undefined),
    description: (rel: string) => (rel === 'media/library/a.jpg' ? 'The team [2026]' : undefined),
  };
  it('get their version, and their stored description when they have no words', () => {
    expect(withMediaFacts('![](/media/library/a.jpg) ![Mine](/media/library/a.jpg "t")', facts)).toBe(
      '![The team 2026](/media/library/a.jpg?v=0123456789ab) ![Mine](/media/library/a.jpg?v=0123456789ab "t")',
    );
  });
  it('leave other addresses, unknown files and addresses with a query as written', () => {
    const text =
      '![](/media/library/gone.jpg) ![x](https://e.org/media/a.jpg) ![y](/media/library/a.jpg?w=3)';
    expect(withMediaFacts(text, facts)).toBe(text);
  });
});
