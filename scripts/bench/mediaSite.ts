// The media benchmark's site repository: the starter site with ITEMS generated news items and FILES real
// small pictures in media/library under the names an upload gives them, a few thousand described in
// their about file, and many of them shown in news texts (`![words](/media/library/…)`), committed
// with the git CLI as one commit, as a site brought over from elsewhere would be.
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PROJECT_ROOT } from '../../server/config.ts';
import { serializeItem } from '../../server/content/index/fileFormat.ts';
import { entities } from '../../server/schema/registry.ts';
import { libraryPathFor, serializeAbout } from '../../server/schema/mediaLibrary.ts';
import { newsItem, rng } from './fixtures.ts';
import { git } from './siteRepo.ts';

/** The newest news items, all on /news's first page, each showing a picture of its own. */
export const FEATURED = 25;

export interface MediaSite {
  /** Every library picture, in the order written (oldest first). */
  files: string[];
  /** The news items whose text shows each picture. */
  usedBy: Map<string, string[]>;
  /** Files with an about file. */
  described: number;
}

const SUBJECTS = [
  'Robotics fair',
  'Teacher workshop',
  'Coding camp',
  'Hackathon team',
  'Classroom visit',
  'Symposium keynote',
  'Award ceremony',
  'Unplugged activity',
  'Student showcase',
  'Board meeting',
];
const PLACES = ['Springfield', 'Riverside', 'Lakeview', 'Oak Ridge', 'Cedar Falls', 'Madison', 'Fairview'];
const WORDS = [
  'Students testing a line-following robot',
  'Teachers pair-programming in the afternoon lab',
  'A volunteer explains binary with cards',
  'The winning team holds up its prototype',
  'Participants gather for the opening session',
  'A fourth grader shows her animation',
];

/** Distinct, valid JPEGs cheaply: a few real pictures, each copy marked by a JPEG comment of its own. */
function jpegMaker(bases: Buffer[]) {
  return (n: number) => {
    const base = bases[n % bases.length]!;
    const text = Buffer.from(`bench picture ${n}`);
    const comment = Buffer.alloc(4);
    comment.writeUInt16BE(0xfffe, 0); // COM segment, right after the start-of-image marker
    comment.writeUInt16BE(text.length + 2, 2);
    return Buffer.concat([base.subarray(0, 2), comment, text, base.subarray(2)]);
  };
}

async function basePictures(): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < 24; i++) {
    const width = 240 + (i % 6) * 80;
    const height = 160 + (i % 4) * 60;
    const background = { r: (i * 53) % 256, g: (i * 97) % 256, b: (i * 31) % 256 };
    const noise = { type: 'gaussian' as const, mean: 128, sigma: 20 };
    out.push(
      await sharp({ create: { width, height, channels: 3, background } })
        .composite([
          {
            input: { create: { width, height, channels: 3, background: '#808080', noise } },
            blend: 'overlay',
          },
        ])
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
  }
  return out;
}

/** A photo as a person would upload it to replace another (1600×1067 JPEG, about 110 KB), distinct per n. */
export async function replacementPhoto(n: number): Promise<Buffer> {
  const background = { r: (n * 71) % 256, g: (n * 29) % 256, b: (n * 113) % 256 };
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 12 };
  return sharp({ create: { width: 1600, height: 1067, channels: 3, background } })
    .composite([
      {
        input: { create: { width: 1600, height: 1067, channels: 3, background: '#808080', noise } },
        blend: 'overlay',
      },
    ])
    .jpeg({ quality: 82 })
    .toBuffer();
}

/**
 * Writes the site into `dir` and commits it: `files` pictures (one in ten a PNG), `described` of them
 * with a description, and `items` news items of which the FEATURED newest each show a picture and
 * about four in ten others show one or two of the first third of the library.
 */
export async function buildMediaSite(
  dir: string,
  counts: { items: number; files: number; described: number },
): Promise<MediaSite> {
  await mkdir(dir, { recursive: true });
  await cp(path.join(PROJECT_ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  await cp(path.join(PROJECT_ROOT, 'media'), path.join(dir, 'media'), { recursive: true });
  await rm(path.join(dir, 'content', 'news'), { recursive: true, force: true });
  await mkdir(path.join(dir, 'content', 'news'));
  await mkdir(path.join(dir, 'media', 'library'), { recursive: true });

  const r = rng(33);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  const jpeg = jpegMaker(await basePictures());
  const files: string[] = [];
  for (let n = 0; n < counts.files; n++) {
    const png = n % 10 === 9;
    const tag = Math.floor(r() * 0xffffff)
      .toString(16)
      .padStart(6, '0');
    const rel = libraryPathFor(`${pick(SUBJECTS)} ${pick(PLACES)} ${n}.x`, png ? 'png' : 'jpg', tag);
    const bytes = png
      ? await sharp({
          create: { width: 200 + (n % 7) * 30, height: 150, channels: 3, background: `#${tag}` },
        })
          .png()
          .toBuffer()
      : jpeg(n);
    await writeFile(path.join(dir, rel), bytes);
    files.push(rel);
  }
  // Descriptions for every third picture, until `described` have one.
  let described = 0;
  for (let n = 0; n < files.length && described < counts.described; n += 3, described++) {
    const focus = r() < 0.3 ? { x: Math.round(r() * 100) / 100, y: Math.round(r() * 100) / 100 } : null;
    const alt = `${pick(WORDS)} in ${pick(PLACES)} (picture ${n})`;
    await writeFile(path.join(dir, `${files[n]}.md`), serializeAbout({ alt, focus }));
  }

  const usedBy = new Map<string, string[]>();
  const shows = (rel: string, id: number) => {
    usedBy.set(rel, [...(usedBy.get(rel) ?? []), String(id)]);
    // Half with words of their own, half taking the stored description.
    return r() < 0.5 ? `![${pick(WORDS)}](/${rel})` : `![](/${rel})`;
  };
  const pool = Math.max(FEATURED + 1, Math.floor(files.length / 3));
  for (let id = 1; id <= counts.items; id++) {
    const data = newsItem(id);
    const pictures: string[] = [];
    if (id <= FEATURED) {
      data.when_date = `2026-01-${String(26 - id).padStart(2, '0')}`; // item 1 is the newest
      pictures.push(shows(files[id - 1]!, id));
    } else if (r() < 0.4) {
      const count = r() < 0.25 ? 2 : 1;
      for (let k = 0; k < count; k++) pictures.push(shows(files[FEATURED + Math.floor(r() * pool)]!, id));
    }
    if (pictures.length) data.what = `${data.what}\n\n${pictures.join('\n\n')}`;
    const text = serializeItem(entities.news, data as unknown as Record<string, unknown>);
    await writeFile(path.join(dir, 'content', 'news', `${id}.md`), text);
  }

  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  // No automatic gc in the background of the measurements: the objects stay loose, as `git add` left them.
  git(dir, '-c', 'gc.auto=0', 'commit', '-q', '-m', 'Bring the site over, with its media library');
  return { files, usedBy, described };
}
