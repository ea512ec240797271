// After a paper is deleted: its download address (linked from emails, other sites, old pages) would
// answer "not found". The admin offers to send it on with a redirect there and then, added to the
// site's redirects list (the Redirects page; in the draft, when working in one).
import { useId, useState, type FormEvent } from 'react';
import { entities } from '../../../../server/schema/registry.ts';
import { getJson, messageOf } from '../api.ts';
import { saveItem } from '../entityApi.ts';
import { inDraft, workingDraftId } from '../drafts/workingDraft.ts';

/** The public address of a paper's PDF (the research page's Download link). */
export const paperDownloadPath = (id: string) => `/api/download_pdf.php?id=${encodeURIComponent(id)}`;

export function PaperRedirectOffer({
  id,
  onClose,
  onDone,
}: {
  id: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const inputId = useId();
  const [to, setTo] = useState('/research');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const from = paperDownloadPath(id);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const current = await getJson<{ rules?: string; version?: string }>(
        inDraft('redirects.php', workingDraftId()),
      );
      const rules = [(current.rules ?? '').trimEnd(), `${from} ${to.trim()}`].filter(Boolean).join('\n');
      await saveItem(entities.redirects, { values: { rules }, version: current.version });
      onDone(`Added: the paper’s old download address now leads to ${to.trim()}.`);
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };

  return (
    <form
      className="admin-offer"
      onSubmit={(e) => void add(e)}
      aria-label="Keep the paper’s old address working"
    >
      <p>
        Links to this paper's download (<code>{from}</code>) will now find nothing. Send visitors who follow
        them somewhere useful instead?
      </p>
      <label htmlFor={inputId}>Send them to</label>{' '}
      <input id={inputId} type="text" value={to} onChange={(e) => setTo(e.target.value)} required />{' '}
      <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
        Add the redirect
      </button>{' '}
      <button type="button" className="admin-button" onClick={onClose} disabled={busy}>
        No, thanks
      </button>
      {error && (
        <p className="admin-field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
