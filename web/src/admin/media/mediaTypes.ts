// The media library's answers as the server sends them (GET/POST/PATCH/PUT/DELETE /api/media, its
// deleted list and restore). The server's own types are not in this branch yet: these follow the
// agreed contract, and are the one place the admin names them.
import type { Commit } from '../entityApi.ts';

export type MediaType = 'image' | 'pdf' | 'other';

/** One place a file is used: a field of an item, on the live site or in a draft. */
export interface MediaUse {
  entity: string;
  id: string;
  field: string;
  title: string;
  /** The collection's name in words ('News'). */
  label: string;
  /** Set when the use is in a draft, not on the live site. */
  draft?: { id: string; title: string };
}

/** A focal point: 0..1 from the left and from the top. */
export interface Focus {
  x: number;
  y: number;
}

export interface MediaFile {
  /** Its path in the site's repository ('media/library/class-photo-3f9a2c.jpg'). */
  path: string;
  /** The stable address to write in markdown; a replaced file keeps it. */
  url: string;
  /** The address to show it now (changes when it is replaced); `&w=320` asks for a small picture. */
  src: string;
  name: string;
  folder: string;
  /** Uploaded to the library (media/library), not belonging to one item. */
  shared: boolean;
  type: MediaType;
  bytes: number;
  width: number | null;
  height: number | null;
  /** The stored description ('' when none). */
  alt: string;
  focus: Focus | null;
  /** When the file last changed (ISO). */
  modified: string;
  usedBy: MediaUse[];
}

export type MediaSort = 'newest' | 'name' | 'size';

/** What the library page asks for: the search, the filters, the order and the page. */
export interface MediaQuery {
  q: string;
  type: MediaType | '';
  unused: boolean;
  sort: MediaSort;
  page: number;
}

export const FIRST_MEDIA_PAGE: MediaQuery = { q: '', type: '', unused: false, sort: 'newest', page: 1 };

export interface MediaPage {
  items: MediaFile[];
  total: number;
  page: number;
  per: number;
}

/** A library file deleted from the site, and the commit to restore it from. */
export interface DeletedMedia {
  path: string;
  name: string;
  type: MediaType;
  deleted: Commit;
  restoreFrom: string;
}
