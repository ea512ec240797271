// Which roles must use two-step sign-in: a setting for the whole site, saved as soon as a box changes.
import { useId, useState } from 'react';
import { messageOf } from '../api.ts';
import { Notice, useNotice } from '../ui/Notice.tsx';
import { saveRequireTwoFactor, type RequireTwoFactor } from './accountsApi.ts';
import { ROLE_LABELS, ROLES, type Role } from './accountWords.ts';

export function TwoStepRule({ settings, onChanged }: { settings: RequireTwoFactor; onChanged: () => void }) {
  const id = useId();
  const notice = useNotice();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<RequireTwoFactor | null>(null);
  const shown = pending ?? settings;
  const change = async (role: Role, on: boolean) => {
    const next = { ...shown, [role]: on };
    setBusy(true);
    setPending(next);
    try {
      await saveRequireTwoFactor(next);
      notice.success(
        on
          ? `Saved: every ${ROLE_LABELS[role].toLowerCase()} must use two-step sign-in. Those without it can do nothing else in the admin until they set it up on their account page.`
          : `Saved: two-step sign-in is up to each ${ROLE_LABELS[role].toLowerCase()}.`,
      );
      onChanged();
    } catch (err) {
      notice.error(`The setting was not changed: ${messageOf(err)}`);
    } finally {
      setPending(null);
      setBusy(false);
    }
  };
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Two-step sign-in</h2>
      <div className="admin-card">
        <fieldset className="admin-field" aria-describedby={`${id}-help`}>
          <legend>Require two-step sign-in for</legend>
          {ROLES.map((r) => (
            <div className="admin-check" key={r}>
              <input
                id={`${id}-${r}`}
                type="checkbox"
                checked={shown[r]}
                aria-disabled={busy || undefined}
                onChange={(e) => {
                  if (!busy) void change(r, e.target.checked);
                }}
              />
              <label htmlFor={`${id}-${r}`}>{ROLE_LABELS[r]}s</label>
            </div>
          ))}
          <p id={`${id}-help`} className="admin-help">
            A setting for the whole site, saved as soon as you change it. Someone of a ticked role who has not
            set up two-step sign-in can do nothing else in the admin until they do, and is led to their
            account page to set it up.
          </p>
        </fieldset>
      </div>
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </section>
  );
}
