// The site's one drafts setting: whether publishing (or scheduling) a draft needs the approval of
// someone who did not write it. Saved as soon as it is changed, and said so.
import { useId, useState } from 'react';
import { messageOf } from '../api.ts';
import { Notice, useNotice } from '../ui/Notice.tsx';
import { saveSettings, type DraftSettings } from './draftsApi.ts';

export function ApprovalSetting({ settings }: { settings: DraftSettings }) {
  const id = useId();
  const notice = useNotice();
  const [busy, setBusy] = useState(false);
  // Shown at once while it saves; the list read again afterwards says what the server keeps.
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? settings.needsApproval;
  const change = async (next: boolean) => {
    setBusy(true);
    setPending(next);
    try {
      await saveSettings({ needsApproval: next });
      notice.success(
        next
          ? 'Saved: a draft now needs approval by someone who did not write it before it is published.'
          : 'Saved: drafts can now be published without approval.',
      );
    } catch (e) {
      notice.error(`The setting was not changed: ${messageOf(e)}`);
    } finally {
      setPending(null);
      setBusy(false);
    }
  };
  return (
    <section className="admin-section admin-approval-setting" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Approval</h2>
      <div className="admin-check">
        <input
          id={`${id}-box`}
          type="checkbox"
          checked={checked}
          aria-describedby={`${id}-help`}
          aria-disabled={busy || undefined}
          onChange={(e) => {
            if (!busy) void change(e.target.checked);
          }}
        />
        <label htmlFor={`${id}-box`}>Publishing needs approval by someone else</label>
      </div>
      <p id={`${id}-help`} className="admin-help">
        A setting for the whole site. When it is on, a draft can be published (or scheduled) only after
        someone who did not write any of it has approved it.
      </p>
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </section>
  );
}
