// On the admin home, for those who read contact messages: the contact form is refusing messages,
// because more came this hour than the site takes (until the hour is over). One notice, however many
// messages were refused (server/contact/contactAlerts.ts).
import type { ContactAlert } from '../../../../server/schema/messageNotices.ts';
import { localTime } from '../dates.ts';

function Alert({ alert }: { alert: ContactAlert }) {
  return (
    <p className="admin-notice admin-notice-warning" role="alert">
      The contact form is getting more messages than usual. It has taken {alert.limit} this hour, the most it
      takes, and is refusing new ones until the hour is over ({localTime(alert.until)}). Visitors are asked to
      try again later or to email you directly.
    </p>
  );
}

export function ContactFormAlerts({ alerts }: { alerts: readonly ContactAlert[] }) {
  return alerts.map((a) => <Alert key={a.kind} alert={a} />);
}
