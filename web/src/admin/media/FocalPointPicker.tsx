// A picture's focal point, the spot kept in view when the site crops the picture: a click or tap on
// the preview puts it there (a marker shows it), the arrow keys move it (Shift for bigger steps),
// two boxes take it as percentages, and "Reset to centre" puts it back. Saved with its button. The
// preview and the controls are drawn apart (the details put the description between them).
import { useId, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { messageOf, fieldErrorsOf } from '../api.ts';
import { useDirty } from '../ui/unsaved.tsx';
import {
  CENTRE,
  describeFocus,
  focusAfterKey,
  focusAtPointer,
  fromPercent,
  percent,
  sameFocus,
} from './focalPoint.ts';
import { describeMedia } from './mediaApi.ts';
import type { Focus, MediaFile } from './mediaTypes.ts';

/** The picture with its focal point marked; a button that moves the point when `onMove` is given. */
export function FocusPreview({
  file,
  point,
  onMove,
  describedBy,
}: {
  file: MediaFile;
  point: Focus | null;
  onMove?: (point: Focus) => void;
  describedBy?: string;
}) {
  const at = point ?? CENTRE;
  const marker = (
    <span
      className="media-focus-marker"
      style={{ left: `${at.x * 100}%`, top: `${at.y * 100}%` }}
      aria-hidden="true"
    />
  );
  const picture = <img className="media-preview-img" src={file.src} alt="" decoding="async" />;
  if (!onMove)
    return (
      <div className="media-preview media-focus-box">
        <img className="media-preview-img" src={file.src} alt={file.alt || file.name} decoding="async" />
        {point && marker}
      </div>
    );
  const click = (e: MouseEvent<HTMLButtonElement>) => {
    // Enter or Space also "clicks" a button, at no place: the keys' way is the arrows.
    if (e.detail === 0) return;
    onMove(focusAtPointer(e.currentTarget.getBoundingClientRect(), e.clientX, e.clientY));
  };
  const key = (e: KeyboardEvent<HTMLButtonElement>) => {
    const next = focusAfterKey(point, e.key, e.shiftKey);
    if (!next) return;
    e.preventDefault();
    onMove(next);
  };
  return (
    <button
      type="button"
      className="media-preview media-focus-box media-focus-button"
      aria-label={`Focal point: ${describeFocus(point)}`}
      aria-describedby={describedBy}
      onClick={click}
      onKeyDown={key}
    >
      {picture}
      {marker}
    </button>
  );
}

/** The focal point being edited: where it is now, how it moves, and its saving. */
export function useFocalPoint(file: MediaFile, onSaved: (file: MediaFile) => void) {
  const [point, setPoint] = useState<Focus | null>(file.focus);
  const [typed, setTyped] = useState<{ x: string; y: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const dirty = !sameFocus(point, file.focus);
  useDirty(dirty);

  const move = (next: Focus) => {
    setPoint(next);
    setTyped(null);
    setSaved(false);
  };
  const shown = typed ?? { x: String(percent((point ?? CENTRE).x)), y: String(percent((point ?? CENTRE).y)) };
  const type = (axis: 'x' | 'y', text: string) => {
    setTyped({ ...shown, [axis]: text });
    setSaved(false);
    const value = fromPercent(text);
    if (value !== null) setPoint({ ...(point ?? CENTRE), [axis]: value });
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !dirty) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await describeMedia(file.path, { focus: point });
      setPoint(answer.focus);
      setTyped(null);
      setSaved(true);
      onSaved(answer);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setError(fields.focus ?? fields['focus.x'] ?? fields['focus.y'] ?? messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return { point, shown, move, type, save, busy, error, saved, dirty };
}

export type FocalPointEdit = ReturnType<typeof useFocalPoint>;

/** The words, boxes and buttons under the preview; `helpId` is the words' id, for the preview too. */
export function FocalPointControls({ edit, helpId }: { edit: FocalPointEdit; helpId: string }) {
  const id = useId();
  const { point, shown, move, type, save, busy, error, saved, dirty } = edit;
  return (
    <form className="media-form media-focus" onSubmit={(e) => void save(e)} noValidate>
      <h3>Focal point</h3>
      <p id={helpId} className="admin-help">
        The part of the picture that must stay in view when a page shows it cut to another shape. Click or tap
        the picture where it matters most, or focus it and use the arrow keys (with Shift for bigger steps).
        Now: {describeFocus(point)}.
      </p>
      <div className="media-focus-inputs">
        <div className="admin-field">
          <label htmlFor={`${id}-x`}>Across (% from the left)</label>
          <input
            id={`${id}-x`}
            type="number"
            min={0}
            max={100}
            step={1}
            inputMode="numeric"
            value={shown.x}
            onChange={(e) => type('x', e.target.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-y`}>Down (% from the top)</label>
          <input
            id={`${id}-y`}
            type="number"
            min={0}
            max={100}
            step={1}
            inputMode="numeric"
            value={shown.y}
            onChange={(e) => type('y', e.target.value)}
          />
        </div>
      </div>
      {error && (
        <p className="admin-field-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button-primary" disabled={busy || !dirty}>
          {busy ? 'Saving…' : 'Save focal point'}
        </button>
        <button
          type="button"
          className="admin-button"
          disabled={sameFocus(point, CENTRE)}
          onClick={() => move(CENTRE)}
        >
          Reset to centre
        </button>
        <span className="admin-status" role="status">
          {saved ? 'Focal point saved.' : ''}
        </span>
      </div>
    </form>
  );
}
