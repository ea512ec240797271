// The audit log's entries for a filter, a page at a time, read with the session and never cached.
import { useCallback, useEffect, useState } from 'react';
import type { AuditEntry } from '../../../../server/schema/auditEvent.ts';
import { getJson } from '../api.ts';
import { serverQuery, type AuditFilterForm } from './auditFilter.ts';

const auditPath = (query: string) => (query ? `admin/audit?${query}` : 'admin/audit');

interface Page {
  entries: AuditEntry[];
  total: number;
  offset: number;
  per: number;
  skipped: number;
}

export interface AuditLogState {
  entries: AuditEntry[] | undefined;
  total: number;
  skipped: number;
  error: Error | undefined;
  loadingMore: boolean;
  /** Functions of the hook's render, not methods: handed to onClick as they are. */
  more: () => void;
  retry: () => void;
}

const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

/** What was read for one query (and retry): a new query starts from nothing, without a reset. */
interface Loaded {
  key: string;
  pages?: Page[];
  error?: Error;
}

export function useAuditLog(filter: AuditFilterForm): AuditLogState {
  const query = serverQuery(filter);
  const [tick, setTick] = useState(0);
  const key = `${tick}|${query}`;
  const [state, setState] = useState<Loaded>({ key: '' });
  const { pages, error } = state.key === key ? state : ({ key } as Loaded);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    let live = true;
    getJson<Page>(auditPath(query)).then(
      (p) => {
        if (live) setState({ key, pages: [p] });
      },
      (e: unknown) => {
        if (live) setState({ key, error: asError(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [key, query]);

  const loaded = pages?.reduce((n, p) => n + p.entries.length, 0) ?? 0;
  const more = useCallback(() => {
    setLoadingMore(true);
    const forKey = (change: (old: Loaded) => Loaded) =>
      setState((old) => (old.key === key ? change(old) : old));
    getJson<Page>(auditPath(serverQuery(filter, loaded)))
      .then(
        (p) => forKey((old) => ({ ...old, pages: [...(old.pages ?? []), p] })),
        (e: unknown) => forKey((old) => ({ ...old, error: asError(e) })),
      )
      .finally(() => setLoadingMore(false));
  }, [filter, loaded, key]);

  const last = pages?.at(-1);
  return {
    entries: pages?.flatMap((p) => p.entries),
    total: last?.total ?? 0,
    skipped: last?.skipped ?? 0,
    error,
    loadingMore,
    more,
    retry: () => setTick((t) => t + 1),
  };
}
