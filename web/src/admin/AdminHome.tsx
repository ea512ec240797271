// /admin: the sign-in form, or the list of admin pages the person may use, each an expandable entry
// with its description and a link.
import { Link, useLocation } from 'react-router-dom';
import { AdminFrame } from './AdminFrame.tsx';
import { adminPages } from './pages.ts';
import { AdminSearch } from './search/AdminSearch.tsx';
import { SiteFileProblems } from './ui/SiteFileProblems.tsx';
import { followAddress, keepDraft } from './drafts/workingDraft.ts';
import { allowed, useCan } from './access.ts';
import { useUser } from './auth.ts';
import { useMessageSummary } from './messages/useMessageSummary.ts';
import { MessageNoticesStatus } from './messages/MessageNoticesStatus.tsx';
import { ContactFormAlerts } from './messages/ContactFormAlerts.tsx';
import { entities } from '../../../server/schema/registry.ts';
import { WaitingForYou } from './notices/WaitingForYou.tsx';

const MESSAGES_ROUTE = entities.contactMessage.admin.route;

export default function AdminHome() {
  // Drawn here, before the frame: the links keep the draft this address is in.
  const draft = followAddress(useLocation().search);
  const can = useCan();
  const user = useUser();
  const messages = useMessageSummary(user && allowed(user, 'messages') ? user.username : null);
  const unseen = messages?.unseen ?? 0;
  return (
    <AdminFrame
      title="Admin"
      home
      intro={<p>Choose what to edit. Every save is kept in the history of the item, so nothing is lost.</p>}
    >
      {user && <WaitingForYou username={user.username} />}
      <SiteFileProblems />
      {messages && <ContactFormAlerts alerts={messages.alerts} />}
      <AdminSearch />
      {messages && <MessageNoticesStatus notices={messages.notices} />}
      <ul className="admin-home-list">
        {adminPages
          .filter((p) => !p.needs || can[p.needs])
          .map((p) => (
            <li key={p.route}>
              <details>
                <summary>
                  {p.title}
                  {p.route === MESSAGES_ROUTE && unseen > 0 && (
                    <span className="admin-badge">{unseen} new</span>
                  )}
                </summary>
                <p>{p.description}</p>
                <Link className="admin-button admin-button-primary" to={keepDraft(p.route, draft)}>
                  Open {p.title}
                </Link>
              </details>
            </li>
          ))}
      </ul>
    </AdminFrame>
  );
}
