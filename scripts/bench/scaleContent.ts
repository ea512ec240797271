// The scale benchmark's site content (npm run bench:scale): `items` generated items spread over the
// collections as a real site's years would be (mostly news, then event cards, resources, pages,
// policies, spotlights, papers, profiles) and one media file for every 20 items (valid JPEGs, PNGs and
// PDFs): shared library pictures used by news, profiles, spotlights and resources, and each paper's
// PDF with its first-page picture. Every item follows from its id alone and is checked by the
// entity's own validation before it is written, so the site is one the CMS would have written.
import sharp from 'sharp';
import { serializeItem, validateItem } from '../../server/content/index/fileFormat.ts';
import { entities } from '../../server/schema/registry.ts';
import type { EntityDef } from '../../server/schema/define.ts';
import { generateEventCards } from '../../server/testing/manyItems.ts';
import { textPdf } from '../../server/testing/textPdf.ts';
import { newsItem, rng } from './fixtures.ts';

/** Share of the items in each collection (entity registry name → share). */
const SHARES = {
  news: 0.72,
  eventCard: 0.12,
  resource: 0.07,
  page: 0.03,
  statePolicy: 0.02,
  spotlightSlide: 0.02,
  paper: 0.01,
  profile: 0.01,
} as const;
type Kind = keyof typeof SHARES;

/** Generated ids of the other collections start here, after the starter site's own items. */
const FIRST_ID = 1001;

export interface FileOut {
  path: string;
  bytes: Buffer;
}

export interface ScaleCounts {
  items: number;
  perCollection: Record<string, number>;
  media: number;
}

export function countsFor(items: number): ScaleCounts {
  const perCollection: Record<string, number> = {};
  let left = items;
  for (const kind of Object.keys(SHARES) as Kind[]) {
    const n = kind === 'news' ? 0 : Math.round(items * SHARES[kind]);
    perCollection[kind] = n;
    left -= n;
  }
  perCollection.news = left; // what rounding leaves goes to news
  return { items, perCollection, media: Math.round(items / 20) };
}

/** The shared library pictures: items/20 media files less the papers' two each. */
const libraryCount = (c: ScaleCounts) => Math.max(1, c.media - 2 * c.perCollection.paper!);
const libraryPath = (n: number) =>
  `media/library/photo-${String(n).padStart(5, '0')}-${((n * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(-6)}.${n % 4 === 0 ? 'png' : 'jpg'}`;

/** One small, valid picture of its own colour (every file distinct, as real uploads are). */
async function picture(n: number, png: boolean): Promise<Buffer> {
  const r = rng(n * 131 + 5);
  const img = sharp({
    create: {
      width: 48 + (n % 5) * 16,
      height: 36 + (n % 3) * 12,
      channels: 3,
      background: { r: Math.floor(r() * 256), g: Math.floor(r() * 256), b: Math.floor(r() * 256) },
    },
  });
  return png ? img.png().toBuffer() : img.jpeg({ quality: 70 }).toBuffer();
}

/** The media files, written in batches so that 5,000 pictures take seconds. */
export async function* mediaFiles(c: ScaleCounts): AsyncGenerator<FileOut> {
  const lib = libraryCount(c);
  const BATCH = 64;
  for (let n = 1; n <= lib; n += BATCH) {
    const ns = Array.from({ length: Math.min(BATCH, lib - n + 1) }, (_, i) => n + i);
    const pics = await Promise.all(ns.map((k) => picture(k, k % 4 === 0)));
    for (let i = 0; i < ns.length; i++) yield { path: libraryPath(ns[i]!), bytes: pics[i]! };
  }
  for (let i = 0; i < c.perCollection.paper!; i++) {
    const id = FIRST_ID + i;
    yield {
      path: `media/papers/${id}.pdf`,
      bytes: textPdf([`Research brief ${id}`, 'Computer science access and enrollment', `Study ${id}`]),
    };
    yield { path: `media/papers/${id}.jpg`, bytes: await picture(100_000 + id, false) };
  }
}

const PROGRAMS = ['camp', 'institute', 'cohort', 'grant', 'toolkit', 'partnership', 'network', 'award'];
const POLICY = ['standards', 'funding', 'graduation credit', 'teacher licensure', 'course access'];

/** The data of item `id` of a collection (as staff would have typed it), before validation. */
function dataOf(kind: Kind, id: number, lib: number): Record<string, unknown> {
  const pic = (k: number) => libraryPath(1 + (k % lib));
  switch (kind) {
    case 'news': {
      const item = newsItem(id);
      const n: Record<string, unknown> = { ...item };
      if (id % 25 === 0) Object.assign(n, { picture: pic(id / 25), picture_alt: 'Teachers at a workshop' });
      if (id % 40 === 0) n.what = `${item.what}\n\n![Teachers at work](/${pic(id)})`;
      return n;
    }
    case 'eventCard': {
      const { id: _, ...card } = generateEventCards(1, id)[0]!;
      return { ...card, is_full: id % 11 === 0, major_event_associated: 'None', news_type: 'event' };
    }
    case 'resource':
      return {
        resource_name: `${PROGRAMS[id % PROGRAMS.length]} resource ${id}`,
        url_link: `https://example.org/resources/${id}`,
        logo: id % 3 === 0 ? pic(id) : '',
      };
    case 'page':
      return {
        title: `Our ${PROGRAMS[id % PROGRAMS.length]} program ${id}`,
        path: `/program-${id}`,
        summary: `What the ${PROGRAMS[id % PROGRAMS.length]} program ${id} offers teachers.`,
        sections: [
          { type: 'text', body: `## About\n\n${newsItem(id).what}` },
          { type: 'image', image: pic(id), alt: 'Teachers at a workshop', caption: '' },
        ],
      };
    case 'statePolicy':
      return {
        title: `State policy on ${POLICY[id % POLICY.length]} (${id})`,
        text: newsItem(id + 7).what,
        implementation: ['implemented', 'in-progress', 'not-implemented'][id % 3],
      };
    case 'spotlightSlide':
      return { title: `Teacher spotlight ${id}`, text: newsItem(id + 3).what, image: pic(id) };
    case 'paper':
      return {
        study_title: `Research brief ${id}: computer science access`,
        abstract: newsItem(id + 11).what.slice(0, 900),
        publication_date: newsItem(id).when_date,
        file_name: `Research-Brief-${id}`,
        pdf: `media/papers/${id}.pdf`,
        first_page: `media/papers/${id}.jpg`,
      };
    case 'profile':
      return { name: `Staff Member ${id}`, title: `**Program lead ${id}**`, headshot: pic(id) };
  }
}

/** Every generated item's file, collection by collection; throws on an item its entity refuses. */
export function* itemFiles(c: ScaleCounts): Generator<FileOut> {
  const lib = libraryCount(c);
  for (const kind of Object.keys(SHARES) as Kind[]) {
    const def = entities[kind] as EntityDef & { folder: string };
    const first = kind === 'news' ? 1 : FIRST_ID;
    for (let id = first; id < first + c.perCollection[kind]!; id++) {
      const checked = validateItem(def, dataOf(kind, id, lib));
      if (!checked.ok) throw new Error(`${kind} ${id} is not valid: ${JSON.stringify(checked)}`);
      yield {
        path: `content/${def.folder}/${id}.md`,
        bytes: Buffer.from(serializeItem(def, checked.data)),
      };
    }
  }
}

/** Whether news item `id` carries a picture or a picture in its text (saves use items without). */
export const newsHasPicture = (id: number) => id % 25 === 0 || id % 40 === 0;
