// A picture or file field's input: what the item has now (or what was just chosen), then two ways to
// choose its new file: "Choose file" uploads one from this computer or phone, "Choose from the
// library" points the item at a file the media library already holds (the library's own pictures
// for a picture field, its PDFs for a file field). A library file is sent as its path with the
// other values (entityApi.ts saveItem); the picker loads only when asked for.
import { useEffect, useMemo, useRef, useState } from 'react';
import { askedFor } from '../../../../server/schema/fields.ts';
import { isUpload, textOf } from '../entityApi.ts';
import type { InputProps } from './inputProps.ts';
import { FieldMediaPicker } from './FieldMediaPicker.tsx';

/** A local address for a file to upload, released when the file changes or the input goes away. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

export function MediaInput(p: InputProps) {
  const isImage = p.field.kind === 'image';
  const upload = isUpload(p.file) ? p.file : null;
  const fromLibrary = p.file && !isUpload(p.file) ? p.file : null;
  const local = useObjectUrl(upload);
  const chosen = local ?? fromLibrary?.src ?? null;
  const current = textOf(p.value);
  const [picking, setPicking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const what = isImage ? 'picture' : 'PDF';

  return (
    <div className="admin-media">
      {(chosen || current) &&
        (isImage ? (
          <img
            className="admin-thumb"
            src={chosen ?? current}
            alt={chosen ? 'The chosen image' : `Current ${p.field.label.toLowerCase()}`}
          />
        ) : (
          <a href={chosen ?? current} target="_blank" rel="noreferrer">
            {chosen ? 'Open the chosen PDF' : 'Open the current PDF'}
          </a>
        ))}
      <div className="admin-media-choose">
        <input
          ref={input}
          type="file"
          id={p.id}
          name={p.name}
          aria-describedby={p.describedBy}
          aria-invalid={p.invalid || undefined}
          aria-required={askedFor(p.field) || undefined}
          accept={isImage ? 'image/jpeg,image/png,image/gif,image/webp' : 'application/pdf,.pdf'}
          onChange={(e) => p.onFile(e.target.files?.[0] ?? null)}
        />
        <button type="button" className="admin-button admin-button-small" onClick={() => setPicking(true)}>
          Choose from the library <span className="visually-hidden">({p.field.label})</span>
        </button>
      </div>
      {/* Said when it changes (a live region, not a status: the form's own status is the save's). */}
      <span className="admin-muted" aria-live="polite">
        {upload
          ? `Chosen: ${upload.name}`
          : fromLibrary
            ? `Chosen from the library: ${fromLibrary.name}`
            : current
              ? `Choose a ${what} only to replace the current one.`
              : `No ${what} yet.`}{' '}
        {isImage ? 'JPEG, PNG, GIF or WebP, up to 5 MB.' : 'PDF, up to 25 MB.'}
      </span>
      {picking && (
        <FieldMediaPicker
          isImage={isImage}
          onClose={() => setPicking(false)}
          onPick={(file) => {
            setPicking(false);
            // The upload box let go of its file: the one sent is the library's.
            if (input.current) input.current.value = '';
            p.onFile(file);
          }}
        />
      )}
    </div>
  );
}
