// The audit log page: who did what and when, filtered by who, what and days (on the server), with
// the filtered list exported as CSV.
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AUDIT_ACTIONS, type AuditEntry } from '../../../../server/schema/auditEvent.ts';
import { AdminFrame } from '../AdminFrame.tsx';
import { draftRoute } from '../pages.ts';
import { entryCells } from './auditEntry.ts';
import {
  ACTION_LABELS,
  filterFromSearch,
  searchFromFilter,
  serverQuery,
  type AuditFilterForm,
} from './auditFilter.ts';
import { useAuditLog } from './useAuditLog.ts';
import './audit.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

const INTRO =
  'Sign-ins, saves, deletes, restores, drafts, user changes and pulls, newest first. ' +
  "It is kept on the server only, never in the site's history.";

export default function AuditLogPage() {
  // The frame shows its content only to signed-in staff: the log is read from inside it.
  return (
    <AdminFrame title="Audit log" intro={<p>{INTRO}</p>} savesContent={false}>
      <AuditLogView />
    </AdminFrame>
  );
}

function AuditLogView() {
  const [search, setSearch] = useSearchParams();
  const filter = filterFromSearch(search);
  const log = useAuditLog(filter);
  const [form, setForm] = useState<AuditFilterForm>(filter);
  const shown = search.toString();
  // Back and Forward change the address: the form shows the filter in force.
  const [formFor, setFormFor] = useState(shown);
  if (formFor !== shown) {
    setFormFor(shown);
    setForm(filter);
  }
  const headingId = useId();
  const set = (key: keyof AuditFilterForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setSearch(searchFromFilter(form));
  };
  const csv = `/api/admin/audit.csv?${serverQuery(filter)}`;

  return (
    <>
      <form className="admin-card audit-filter" onSubmit={apply} aria-label="Filter the audit log">
        <div className="admin-field">
          <label htmlFor="audit-who">Who (user name or address)</label>
          <input id="audit-who" type="search" value={form.who} onChange={set('who')} />
        </div>
        <div className="admin-field">
          <label htmlFor="audit-action">What</label>
          <select id="audit-action" value={form.action} onChange={set('action')}>
            <option value="">Everything</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_LABELS[a]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="audit-from">From (day)</label>
          <input id="audit-from" type="date" value={form.from} onChange={set('from')} />
        </div>
        <div className="admin-field">
          <label htmlFor="audit-to">To (day)</label>
          <input id="audit-to" type="date" value={form.to} onChange={set('to')} />
        </div>
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button-primary">
            Filter
          </button>
          <a className="admin-button" href={csv} download>
            Export CSV
          </a>
        </div>
      </form>
      <section className="admin-section" aria-labelledby={headingId}>
        <h2 id={headingId}>Entries</h2>
        {log.error && (
          <div className="admin-notice admin-notice-error" role="alert">
            <p>Could not load the audit log: {log.error.message}</p>
            <button type="button" className="admin-button" onClick={log.retry}>
              Try again
            </button>
          </div>
        )}
        {!log.entries && !log.error && (
          <p className="admin-loading" role="status">
            Loading the audit log…
          </p>
        )}
        {log.entries && <AuditTable entries={log.entries} total={log.total} />}
        {log.skipped > 0 && (
          <p className="admin-muted">
            {log.skipped} damaged {log.skipped === 1 ? 'line was' : 'lines were'} passed over.
          </p>
        )}
        {log.entries && log.entries.length < log.total && (
          <button type="button" className="admin-button" disabled={log.loadingMore} onClick={log.more}>
            {log.loadingMore ? 'Loading…' : 'Show more'}
          </button>
        )}
      </section>
    </>
  );
}

const COLUMNS = ['When', 'What', 'Who', 'From', 'Item', 'Commit', 'Detail'];

function AuditTable({ entries, total }: { entries: AuditEntry[]; total: number }) {
  if (!entries.length) return <p className="admin-muted">Nothing in the audit log matches.</p>;
  return (
    <>
      <p className="admin-muted" role="status">
        {total === entries.length
          ? `${total} ${total === 1 ? 'entry' : 'entries'}`
          : `${entries.length} of ${total} entries`}
      </p>
      {/* On a phone the table scrolls sideways: a keyboard can scroll it once it has the focus. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (axe: scrollable-region-focusable) */}
      <div className="audit-scroll" tabIndex={0} role="region" aria-label="Audit log entries">
        <table className="audit-table">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((e, i) => {
              const cells = entryCells(e);
              const draftLink = cells.draft && (
                <Link to={draftRoute(cells.draft)}>{cells.item || 'the draft'}</Link>
              );
              const isStep = e.action.startsWith('draft-');
              return (
                <tr key={`${e.time}-${i}`}>
                  <td>
                    <time dateTime={e.time}>{when(e.time)}</time>
                  </td>
                  <td>{ACTION_LABELS[e.action]}</td>
                  <td>{e.who}</td>
                  <td>{e.address}</td>
                  <td>{isStep ? draftLink : cells.item}</td>
                  <td>{e.commit && <code title={e.commit}>{e.commit.slice(0, 7)}</code>}</td>
                  <td>
                    {cells.detail}
                    {!isStep && cells.draft && (
                      <>
                        {' '}
                        (<Link to={draftRoute(cells.draft)}>open the draft</Link>)
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
