// What the search engine indexes of an item, derived from its entity's declaration: the title field
// (admin.titleField), the words of every text and markdown field, and the text inside its PDFs.
import type { CollectionDef, EntityDef, Fields } from '../schema/define.ts';
import { collections } from '../schema/registry.ts';
import { fieldLeaves, hasLists } from '../schema/listFields.ts';
import { plainText } from '../schema/site/plainText.ts';

export interface SearchDoc {
  /** `<entity>:<id>`, unique across the site. */
  key: string;
  entity: string;
  id: string;
  title: string;
  text: string;
  pdf: string;
}

interface Searched {
  title: string | undefined;
  text: string[];
  pdfs: string[];
  /** Lists (a page's sections): the words of their text parts are searched too. */
  lists: Fields;
}

const shapes = new Map<string, Searched>();

/** Which fields of an entity are searched, by kind: text and markdown words, PDF contents. */
export function searchedFields(def: EntityDef): Searched {
  let shape = shapes.get(def.name);
  if (!shape) {
    const fields = Object.entries(def.fields as Fields);
    const words = fields
      .filter(([, f]) => (f.kind === 'text' || f.kind === 'markdown') && !f.unsearched)
      .map(([k]) => k);
    const title = def.admin.titleField ?? words[0];
    shape = {
      title,
      text: words.filter((k) => k !== title),
      pdfs: fields.filter(([, f]) => f.kind === 'pdf').map(([k]) => k),
      lists: Object.fromEntries(fields.filter(([, f]) => f.kind === 'list')),
    };
    shapes.set(def.name, shape);
  }
  return shape;
}

/** Every collection of the site is searched by staff; those with a `search` hint by visitors too. */
export const searchedCollections: CollectionDef[] = collections;

export const docKey = (entity: string, id: string) => `${entity}:${id}`;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The document of one item; `pdfText` gives the extracted text of a PDF path (or ''). */
export function searchDoc(
  def: EntityDef,
  id: string,
  data: Record<string, unknown>,
  pdfText: (rel: string) => string,
): SearchDoc {
  const { title, text, pdfs, lists } = searchedFields(def);
  const listWords = (hasLists(lists) ? fieldLeaves(lists, data) : [])
    .filter(({ field }) => field.kind === 'text' || field.kind === 'markdown')
    .map(({ value }) => str(value));
  return {
    key: docKey(def.name, id),
    entity: def.name,
    id,
    title: title ? plainText(str(data[title])) : '',
    text: text
      .map((k) => str(data[k]))
      .concat(listWords)
      .map((words) => plainText(words))
      .filter(Boolean)
      .join('\n'),
    pdf: pdfs
      .map((k) => (str(data[k]) ? pdfText(str(data[k])) : ''))
      .filter(Boolean)
      .join('\n'),
  };
}
