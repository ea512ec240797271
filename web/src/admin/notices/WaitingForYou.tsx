// The admin home's first list: what waits for the person now. Drafts sent for review by others (for
// those who review), their own drafts sent back for changes, and the notices they have not read.
// A draft stays here until it is dealt with, even once its notice is read.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useCan } from '../access.ts';
import { localTime } from '../dates.ts';
import { draftRoute } from '../pages.ts';
import { useDraftList, type DraftRecord } from '../drafts/draftsApi.ts';
import { NoticeList } from './NoticeList.tsx';
import { useNotices } from './noticeStore.ts';

const isMine = (d: DraftRecord, username: string) =>
  [d.createdBy, ...d.authors].some((p) => p.username.toLowerCase() === username.toLowerCase());

function DraftLinks({
  title,
  drafts,
  says,
}: {
  title: string;
  drafts: DraftRecord[];
  says: (d: DraftRecord) => string;
}) {
  if (!drafts.length) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul className="admin-notice-list">
        {drafts.map((d) => (
          <li key={d.id} className="admin-notice-unread">
            <Link to={draftRoute(d.id)}>“{d.title}”</Link>
            <span className="admin-muted">
              {says(d)}, <time dateTime={d.updatedAt}>{localTime(d.updatedAt)}</time>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function WaitingForYou({ username }: { username: string }) {
  const { answer } = useNotices(username);
  const can = useCan();
  const { data, reload } = useDraftList();
  // A new notice is most often a draft that moved: read the list again.
  const heard = answer?.items.length ?? 0;
  useEffect(() => {
    if (heard) reload();
  }, [heard, answer?.unread, reload]);
  if (!answer) return null;
  const drafts = data?.drafts ?? [];
  const toReview = can.review ? drafts.filter((d) => d.state === 'in-review' && !isMine(d, username)) : [];
  const sentBack = drafts.filter((d) => d.state === 'changes-requested' && isMine(d, username));
  // A draft listed above is not listed again as its notice.
  const listed = new Set([...toReview, ...sentBack].map((d) => draftRoute(d.id)));
  const unread = answer.items.filter(
    (n) => !n.read && !((n.kind === 'submitted' || n.kind === 'changes') && listed.has(n.link)),
  );
  const nothing = !toReview.length && !sentBack.length && !unread.length;
  const sender = (d: DraftRecord) =>
    d.events.findLast((e) => e.action === 'sent for review')?.by.name ?? d.createdBy.name;
  const asker = (d: DraftRecord) => d.events.findLast((e) => e.action === 'asked for changes')?.by.name;
  return (
    <section className="admin-waiting" aria-labelledby="admin-waiting-title">
      <h2 id="admin-waiting-title">Waiting for you</h2>
      {nothing && <p className="admin-muted">Nothing is waiting for you right now.</p>}
      <DraftLinks
        title="Drafts to review"
        drafts={toReview}
        says={(d) => `sent for review by ${sender(d)}`}
      />
      <DraftLinks
        title="Your drafts sent back for changes"
        drafts={sentBack}
        says={(d) => `changes asked for by ${asker(d) ?? 'a reviewer'}`}
      />
      {unread.length > 0 && (
        <>
          <h3>Notices you have not read</h3>
          <NoticeList items={unread} />
        </>
      )}
    </section>
  );
}
