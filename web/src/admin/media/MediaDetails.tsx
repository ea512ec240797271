// A file's details, in a dialog opened from its card: a larger preview, what it is, its address to
// copy, its description and focal point (pictures), where it is used, Replace and Delete. Someone
// who may not change the site here (a contributor on the live site) sees it all read-only.
import { useId, useState, type ReactNode } from 'react';
import { localTime } from '../dates.ts';
import { Modal } from '../ui/Modal.tsx';
import { DeleteFile } from './DeleteFile.tsx';
import { DescriptionForm } from './DescriptionForm.tsx';
import { FocalPointControls, FocusPreview, useFocalPoint } from './FocalPointPicker.tsx';
import { dimensions, formatSize, TYPE_LABELS } from './mediaRules.ts';
import { MediaThumb } from './MediaCard.tsx';
import { MediaUses, usedByWords } from './MediaUses.tsx';
import type { MediaFile } from './mediaTypes.ts';
import { ReplaceFile } from './ReplaceFile.tsx';
import { useCopy } from '../ui/CopyBox.tsx';

interface Props {
  file: MediaFile;
  /** Whether changes are offered (false: read-only). */
  canChange: boolean;
  onClose: () => void;
  /** The file changed (description, focal point, replaced): the dialog and the list show the answer. */
  onChanged: (file: MediaFile) => void;
  onDeleted: (message: string) => void;
}

export function MediaDetails({ file, canChange, onClose, onChanged, onDeleted }: Props) {
  const isImage = file.type === 'image';
  const facts = <Facts file={file} showAlt={isImage && !canChange} />;
  // A new file starts the picture's forms afresh from the server's answer; a saved description or
  // focal point does not (its words "saved" stay, and the focus with them).
  const [replaced, setReplaced] = useState(0);
  return (
    <Modal open onClose={onClose} title={file.name} className="admin-dialog media-details">
      {isImage && canChange ? (
        <EditablePicture key={`${file.path} ${replaced}`} file={file} facts={facts} onChanged={onChanged} />
      ) : (
        <div className="media-details-top">
          {isImage ? (
            <FocusPreview file={file} point={file.focus} />
          ) : (
            <div className="media-preview">
              <MediaThumb file={file} />
              <a href={file.src} target="_blank" rel="noreferrer">
                Open {file.type === 'pdf' ? 'the PDF' : 'the file'} in a new tab
              </a>
            </div>
          )}
          {facts}
        </div>
      )}
      <CopyAddress url={file.url} />
      <section className="media-part">
        <h3>Where it is used</h3>
        {file.usedBy.length ? (
          <>
            <p>{usedByWords(file.usedBy)}:</p>
            <MediaUses uses={file.usedBy} />
          </>
        ) : (
          <p>Not used anywhere yet.</p>
        )}
      </section>
      {canChange && file.type !== 'other' && (
        <ReplaceFile
          file={file}
          onReplaced={(answer) => {
            setReplaced((n) => n + 1);
            onChanged(answer);
          }}
        />
      )}
      {canChange && <DeleteFile file={file} onDeleted={onDeleted} />}
      <div className="admin-actions">
        <button type="button" className="admin-button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

/**
 * A picture staff may change: the preview that sets the focal point, then the description (the
 * dialog opens on its box), then the focal point's words and boxes.
 */
function EditablePicture({
  file,
  facts,
  onChanged,
}: {
  file: MediaFile;
  facts: ReactNode;
  onChanged: (file: MediaFile) => void;
}) {
  const helpId = useId();
  const focal = useFocalPoint(file, onChanged);
  return (
    <>
      <div className="media-details-top">
        <FocusPreview file={file} point={focal.point} onMove={focal.move} describedBy={helpId} />
        {facts}
      </div>
      <DescriptionForm file={file} onSaved={onChanged} />
      <FocalPointControls edit={focal} helpId={helpId} />
    </>
  );
}

function Facts({ file, showAlt }: { file: MediaFile; showAlt: boolean }) {
  return (
    <dl className="media-facts">
      <dt>Type</dt>
      <dd>{TYPE_LABELS[file.type]}</dd>
      <dt>Size</dt>
      <dd>{formatSize(file.bytes)}</dd>
      {dimensions(file) && (
        <>
          <dt>Pixels</dt>
          <dd>{dimensions(file)}</dd>
        </>
      )}
      <dt>Last changed</dt>
      <dd>
        <time dateTime={file.modified}>{localTime(file.modified)}</time>
      </dd>
      <dt>Kept in</dt>
      <dd>{file.shared ? 'The library (shared)' : 'The item that uses it'}</dd>
      {showAlt && (
        <>
          <dt>Description</dt>
          <dd>{file.alt || 'None yet'}</dd>
        </>
      )}
    </dl>
  );
}

/** The address to write in a text, to select or copy in one press. */
function CopyAddress({ url }: { url: string }) {
  const id = useId();
  const { copied, copy } = useCopy(url);
  return (
    <div className="media-part media-address">
      <div className="admin-field">
        <label htmlFor={`${id}-url`}>Address</label>
        <p id={`${id}-help`} className="admin-help">
          Use it to link to the file or show it in a text. It stays the same when the file is replaced.
        </p>
        <input
          id={`${id}-url`}
          type="text"
          readOnly
          value={url}
          aria-describedby={`${id}-help`}
          onFocus={(e) => e.target.select()}
        />
      </div>
      <div className="admin-actions">
        <button type="button" className="admin-button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy address'}
        </button>
        <span role="status" className={copied === false ? 'admin-field-error' : 'admin-status'}>
          {copied === false
            ? 'Your browser did not allow copying: select the address and copy it yourself.'
            : copied
              ? 'The address is copied.'
              : ''}
        </span>
      </div>
    </div>
  );
}
