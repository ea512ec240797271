// One file of the library as a card: its small picture (or a PDF or file sign), name, kind, size,
// pixels, and where it is used (a list that unfolds, each use linked to its item) or "Not used".
// The name is the button that opens the file's details; the whole card answers a click.
import { dimensions, formatSize, thumbnailOf, TYPE_LABELS } from './mediaRules.ts';
import { MediaUses, usedByWords, usedItems } from './MediaUses.tsx';
import type { MediaFile } from './mediaTypes.ts';

/** The file's small picture, or a sign of its kind; never announced (its name follows). */
export function MediaThumb({ file }: { file: MediaFile }) {
  if (file.type === 'image')
    return <img className="media-thumb" src={thumbnailOf(file)} alt="" loading="lazy" decoding="async" />;
  return (
    <span className={`media-thumb media-icon media-icon-${file.type}`} aria-hidden="true">
      {file.type === 'pdf' ? 'PDF' : 'FILE'}
    </span>
  );
}

export function MediaCard({ file, onOpen }: { file: MediaFile; onOpen: (file: MediaFile) => void }) {
  const used = usedItems(file.usedBy).length;
  const facts = [TYPE_LABELS[file.type], formatSize(file.bytes), dimensions(file)].filter(Boolean);
  return (
    <li className="media-card">
      <MediaThumb file={file} />
      <h3 className="media-card-name">
        <button
          type="button"
          className="media-open"
          data-path={file.path}
          aria-label={`${file.name}: details`}
          onClick={() => onOpen(file)}
        >
          {file.name}
        </button>
      </h3>
      <p className="media-card-facts">{facts.join(' · ')}</p>
      {used === 0 ? (
        <p>
          <span className="media-badge">Not used</span>
        </p>
      ) : (
        <details className="media-card-uses">
          <summary>{usedByWords(file.usedBy)}</summary>
          <MediaUses uses={file.usedBy} />
        </details>
      )}
    </li>
  );
}
