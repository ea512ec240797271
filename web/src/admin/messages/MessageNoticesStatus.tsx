// On the admin home, for those who read contact messages: who is told when one comes (email, a
// webhook), or that nobody is, and a notice that could not be sent, with when and why.
import type { ChannelStatus, NoticeChannel, NoticeStatus } from '../../../../server/schema/messageNotices.ts';
import { AUDIT_LOG_ROUTE } from '../../../../server/schema/auditEvent.ts';
import { Link } from 'react-router-dom';
import { localTime } from '../dates.ts';
import { useCan } from '../access.ts';

const WHAT: Record<NoticeChannel, string> = { email: 'email notice', webhook: 'webhook notice' };

/** The channel's last failure, when it is newer than its last success. */
const failing = (c: ChannelStatus | null) =>
  c?.lastFailure && (!c.lastSent || Date.parse(c.lastFailure.time) >= Date.parse(c.lastSent))
    ? c.lastFailure
    : null;

function Failure({ channel, status }: { channel: NoticeChannel; status: ChannelStatus | null }) {
  const can = useCan();
  const failure = failing(status);
  if (!failure) return null;
  return (
    <p className="admin-notice admin-notice-error" role="alert">
      The last {WHAT[channel]} could not be sent ({localTime(failure.time)}): {failure.reason}.{' '}
      {failure.retrying ? (
        'It is tried again shortly.'
      ) : (
        <>
          No more tries are made for it
          {can.auditLog ? (
            <>
              ; the <Link to={AUDIT_LOG_ROUTE}>audit log</Link> lists it.
            </>
          ) : (
            '.'
          )}
        </>
      )}
    </p>
  );
}

const lastSent = (c: ChannelStatus) => (c.lastSent ? ` Last sent ${localTime(c.lastSent)}.` : '');

export function MessageNoticesStatus({ notices }: { notices: NoticeStatus }) {
  const { email, webhook } = notices;
  return (
    <section className="admin-message-notices" aria-labelledby="admin-message-notices-title">
      <h2 id="admin-message-notices-title">When a visitor sends a message</h2>
      {!email && !webhook ? (
        <p>
          No email or webhook is set up, so nobody is told of new messages: look at the Messages page now and
          then. The server’s settings CMS_SMTP_URL with CMS_NOTIFY_TO, or CMS_NOTIFY_WEBHOOK, turn notices on.
        </p>
      ) : (
        <>
          {email && (
            <p>
              Email notices go to {email.to}.{lastSent(email)}
            </p>
          )}
          {webhook && (
            <p>
              {email ? 'Notices are also posted' : 'Notices are posted'} to the webhook at {webhook.to}.
              {lastSent(webhook)}
            </p>
          )}
          <Failure channel="email" status={email} />
          <Failure channel="webhook" status={webhook} />
        </>
      )}
    </section>
  );
}
