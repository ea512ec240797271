// A person's notices as a list: each leads to its place (and counts as read once followed), unread
// ones marked in words as well as by weight, with when it happened.
import { Link } from 'react-router-dom';
import { localTime } from '../dates.ts';
import { markNoticesRead, type Notification } from './noticeStore.ts';

export function NoticeList({ items, onFollow }: { items: Notification[]; onFollow?: () => void }) {
  const follow = (n: Notification) => {
    if (!n.read) void markNoticesRead({ ids: [n.id] }).catch(() => undefined);
    onFollow?.();
  };
  return (
    <ul className="admin-notice-list">
      {items.map((n) => (
        <li key={n.id} className={n.read ? undefined : 'admin-notice-unread'}>
          <Link to={n.link} onClick={() => follow(n)}>
            {!n.read && <span className="visually-hidden">Unread:</span>} {n.text}
          </Link>
          <time dateTime={n.at}>{localTime(n.at)}</time>
        </li>
      ))}
    </ul>
  );
}
