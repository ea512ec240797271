// The admin home's first list: the notices the person has not read yet, each leading to its place.
import { NoticeList } from './NoticeList.tsx';
import { useNotices } from './noticeStore.ts';

export function WaitingForYou({ username }: { username: string }) {
  const { answer } = useNotices(username);
  if (!answer) return null;
  const unread = answer.items.filter((n) => !n.read);
  return (
    <section className="admin-waiting" aria-labelledby="admin-waiting-title">
      <h2 id="admin-waiting-title">Waiting for you</h2>
      {unread.length ? (
        <NoticeList items={unread} />
      ) : (
        <p className="admin-muted">Nothing is waiting for you right now.</p>
      )}
    </section>
  );
}
