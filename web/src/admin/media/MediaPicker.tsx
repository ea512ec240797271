// "Choose from the library": a dialog to pick a file for a markdown field's text, or for a picture
// or file field (`only`: then the library's own pictures, or PDFs, alone: the files such a field
// can take), searched and filtered like the library page, its files a grid of buttons (Tab reaches
// the grid, the arrow keys, Home and End move inside it, Enter picks).
import { useRef, useState, type KeyboardEvent } from 'react';
import { Pager } from '../sections/Pager.tsx';
import { Modal } from '../ui/Modal.tsx';
import { columnsOf, gridMove } from './gridKeys.ts';
import { mediaListEndpoint } from './mediaApi.ts';
import { MediaThumb } from './MediaCard.tsx';
import { MediaFilters } from './MediaFilters.tsx';
import { showing } from './MediaGrid.tsx';
import { formatSize, TYPE_LABELS } from './mediaRules.ts';
import { FIRST_MEDIA_PAGE, type MediaFile, type MediaPage, type MediaQuery } from './mediaTypes.ts';
import { useMediaList } from './useMediaList.ts';
import './media.css';

/** Files on one page of the picker. */
export const PICKER_PER_PAGE = 24;

interface Props {
  onPick: (file: MediaFile) => void;
  onClose: () => void;
  /** For a field: only the library's own files of this kind. */
  only?: 'image' | 'pdf';
}

const TITLES = {
  any: 'Choose from the library',
  image: 'Choose a picture from the library',
  pdf: 'Choose a PDF from the library',
} as const;

/** Where in the list this page is; for a field, that the library has none of its kind yet. */
function said(data: MediaPage, query: MediaQuery, only: Props['only']): string {
  if (only && data.total === 0 && !query.q.trim())
    return `The library has no ${only === 'image' ? 'pictures' : 'PDFs'} yet.`;
  return showing(data, query);
}

export function MediaPicker({ onPick, onClose, only }: Props) {
  const [query, setQuery] = useState<MediaQuery>({ ...FIRST_MEDIA_PAGE, type: only ?? '' });
  const list = useMediaList(mediaListEndpoint(query, { per: PICKER_PER_PAGE, shared: !!only }));
  const grid = useRef<HTMLUListElement>(null);
  const { data, error } = list;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per)) : 1;

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(grid.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = gridMove(at, e.key, buttons.length, columnsOf(buttons));
    if (next === null) return;
    e.preventDefault();
    buttons[next]?.focus();
  };

  return (
    <Modal open onClose={onClose} title={TITLES[only ?? 'any']} className="admin-dialog media-picker">
      <MediaFilters query={query} onQuery={setQuery} short fixedType={!!only} />
      <p className="admin-list-status" aria-live="polite">
        {data ? said(data, query, only) : error ? '' : 'Loading the files…'}
      </p>
      {error && (
        <div className="admin-notice admin-notice-error" role="alert">
          <p>Could not load the files: {error}</p>
          <button type="button" className="admin-button" onClick={list.reload}>
            Try again
          </button>
        </div>
      )}
      {data && data.items.length > 0 && (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the arrow keys move between the buttons inside
        <ul
          ref={grid}
          className="media-picker-grid"
          aria-label="Files: use the arrow keys to move, Enter to choose"
          aria-busy={list.busy}
          onKeyDown={onKeyDown}
        >
          {data.items.map((file) => (
            <li key={file.path}>
              <button
                type="button"
                className="media-pick"
                aria-label={`${file.name}, ${TYPE_LABELS[file.type].toLowerCase()}, ${formatSize(file.bytes)}${
                  file.type === 'image' ? (file.alt ? `: ${file.alt}` : ', no description yet') : ''
                }`}
                onClick={() => onPick(file)}
              >
                <MediaThumb file={file} />
                <span className="media-pick-name">{file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pager
          page={data.page}
          pages={pages}
          onPage={(page) => setQuery((q) => ({ ...q, page }))}
          label="Pages of files"
        />
      )}
      <div className="admin-actions">
        <button type="button" className="admin-button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
