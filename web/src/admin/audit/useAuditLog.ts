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
  more(): void;
  retry(): void;
}

export function useAuditLog(filter: AuditFilterForm): AuditLogState {
  const query = serverQuery(filter);
  const [pages, setPages] = useState<Page[] | undefined>();
  const [error, setError] = useState<Error | undefined>();
  const [tick, setTick] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    let live = true;
    setPages(undefined);
    setError(undefined);
    getJson<Page>(auditPath(query)).then(
      (p) => {
        if (live) setPages([p]);
      },
      (e: unknown) => {
        if (live) setError(e instanceof Error ? e : new Error(String(e)));
      },
    );
    return () => {
      live = false;
    };
  }, [query, tick]);

  const loaded = pages?.reduce((n, p) => n + p.entries.length, 0) ?? 0;
  const more = useCallback(() => {
    setLoadingMore(true);
    getJson<Page>(auditPath(serverQuery(filter, loaded)))
      .then(
        (p) => setPages((old) => [...(old ?? []), p]),
        (e: unknown) => setError(e instanceof Error ? e : new Error(String(e))),
      )
      .finally(() => setLoadingMore(false));
  }, [filter, loaded]);

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
