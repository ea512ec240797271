// The media library's answers as the server sends them (GET/POST/PATCH/PUT/DELETE /api/media, its
// deleted list and restore): the server's own declarations (server/schema/mediaLibrary.ts), under the
// names the admin uses, and what the library page asks for.
import type {
  DeletedFile,
  FocalPoint,
  MediaFileView,
  MediaPage,
  MediaSort,
  MediaType,
  MediaUseView,
} from '../../../../server/schema/mediaLibrary.ts';

export type { MediaPage, MediaSort, MediaType };
export type MediaUse = MediaUseView;
export type Focus = FocalPoint;
export type MediaFile = MediaFileView;
export type DeletedMedia = DeletedFile;

/** What the library page asks for: the search, the filters, the order and the page. */
export interface MediaQuery {
  q: string;
  type: MediaType | '';
  unused: boolean;
  sort: MediaSort;
  page: number;
}

export const FIRST_MEDIA_PAGE: MediaQuery = { q: '', type: '', unused: false, sort: 'newest', page: 1 };
