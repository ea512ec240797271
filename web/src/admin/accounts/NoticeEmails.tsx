// The account page's "Notices by email": which notices also come by email, among those the person's
// role can get, saved at once. Without mail settings on the server it says notices show in the admin
// only, and offers nothing to choose.
import { useId, useState, type FormEvent } from 'react';
import { messageOf, send } from '../api.ts';
import { Notice, useNotice } from '../ui/Notice.tsx';
import { can, type Role } from '../../../../server/schema/roles.ts';
import {
  EMAIL_CHOICE_INFO,
  EMAIL_CHOICES,
  type EmailChoices,
  type NotifySettings,
} from '../../../../server/schema/notifications.ts';
import { SubmitButton } from './Field.tsx';

export function NoticeEmails({
  role,
  email,
  settings,
}: {
  role: Role;
  email: string;
  settings: NotifySettings;
}) {
  const id = useId();
  const notice = useNotice();
  const [choices, setChoices] = useState<EmailChoices>(settings.email);
  const [busy, setBusy] = useState(false);
  const offered = EMAIL_CHOICES.filter((c) => can(role, EMAIL_CHOICE_INFO[c].needs));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const email = Object.fromEntries(offered.map((c) => [c, choices[c]]));
      const saved = await send<{ notify: NotifySettings }>('PATCH', 'account', { notify: { email } });
      setChoices(saved.notify.email);
      notice.success('Saved which notices come by email.');
    } catch (err) {
      notice.error(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Notices by email</h2>
      {!settings.mailAvailable ? (
        <p className="admin-card">
          This site has no mail settings, so your notices show only under <strong>Notices</strong> at the top
          of each admin page. An administrator of the server can set up email (CMS_SMTP_URL).
        </p>
      ) : (
        <form className="admin-card admin-form" onSubmit={(e) => void submit(e)}>
          <fieldset className="admin-choices">
            <legend>
              Every notice shows under <strong>Notices</strong> at the top of each admin page. Also email me
              {email ? ` at ${email}` : ''} when:
            </legend>
            {offered.map((c) => (
              <label key={c} className="admin-check">
                <input
                  type="checkbox"
                  checked={choices[c]}
                  onChange={(e) => setChoices((now) => ({ ...now, [c]: e.target.checked }))}
                />
                {EMAIL_CHOICE_INFO[c].label}
              </label>
            ))}
          </fieldset>
          {!email && <p className="admin-muted">Add your email address above, or no email can reach you.</p>}
          <p className="admin-muted">
            Notices that come within a minute of each other arrive as one email. Each email says how to stop
            them.
          </p>
          <SubmitButton busy={busy} busyLabel="Saving…" label="Save email choices" />
        </form>
      )}
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </section>
  );
}
