// On the admin home, for those who read contact messages: the contact form is refusing messages,
// because more came this hour than the site takes (until the hour is over), or because the messages
// kept have filled the room set aside for them (until some are deleted). One notice each, however
// many messages were refused (server/contact/contactAlerts.ts).
import { Link } from 'react-router-dom';
import { sizeInWords, type ContactAlert } from '../../../../server/schema/messageNotices.ts';
import { entities } from '../../../../server/schema/registry.ts';
import { localTime } from '../dates.ts';

const MESSAGES_ROUTE = entities.contactMessage.admin.route;

function Alert({ alert }: { alert: ContactAlert }) {
  if (alert.kind === 'busy')
    return (
      <p className="admin-notice admin-notice-warning" role="alert">
        The contact form is getting more messages than usual. It has taken {alert.limit} this hour, the most
        it takes, and is refusing new ones until the hour is over ({localTime(alert.until)}). Visitors are
        asked to try again later or to email you directly.
      </p>
    );
  return (
    <p className="admin-notice admin-notice-error" role="alert">
      The contact form is refusing new messages: the messages kept take {sizeInWords(alert.bytes)} of the{' '}
      {sizeInWords(alert.maxBytes)} set aside for them. Delete messages you no longer need on the{' '}
      <Link to={MESSAGES_ROUTE}>Messages page</Link> to make room. Visitors are asked to email you directly.
    </p>
  );
}

export function ContactFormAlerts({ alerts }: { alerts: readonly ContactAlert[] }) {
  return alerts.map((a) => <Alert key={a.kind} alert={a} />);
}
