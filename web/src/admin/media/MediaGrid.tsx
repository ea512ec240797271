// The library's files as a grid of cards, with where in the whole list this page is and the pages.
import { Pager } from '../sections/Pager.tsx';
import { MediaCard } from './MediaCard.tsx';
import type { MediaFile, MediaPage, MediaQuery } from './mediaTypes.ts';

const count = (n: number) => n.toLocaleString('en-US');

/** 'Showing 1–48 of 312', or why nothing shows. */
export function showing(data: MediaPage, query: MediaQuery): string {
  const { total, page, per, items } = data;
  const filtered = !!(query.q.trim() || query.type || query.unused);
  if (total === 0) return filtered ? 'No files match this search.' : 'The library has no files yet.';
  if (items.length === 0) return `This page is past the last file (there are ${count(total)}).`;
  const from = (page - 1) * per + 1;
  return `Showing ${count(from)}–${count(from + items.length - 1)} of ${count(total)}`;
}

interface MediaGridProps {
  data: MediaPage;
  busy: boolean;
  onOpen: (file: MediaFile) => void;
  onPage: (page: number) => void;
}

export function MediaGrid({ data, busy, onOpen, onPage }: MediaGridProps) {
  const pages = Math.max(1, Math.ceil(data.total / data.per));
  return (
    <>
      {data.items.length > 0 && (
        <ul className="media-grid" aria-busy={busy} aria-label={`Files, page ${data.page} of ${pages}`}>
          {data.items.map((file) => (
            <MediaCard key={file.path} file={file} onOpen={onOpen} />
          ))}
        </ul>
      )}
      <Pager page={data.page} pages={pages} onPage={onPage} label="Pages of files" />
    </>
  );
}
