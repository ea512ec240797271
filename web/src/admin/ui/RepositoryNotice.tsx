// Saving can be turned off by the server to protect the site's history (a damaged repository that it
// could not repair by itself). Staff see why at the top of every admin page, not only when a save fails.
import { useEffect, useState } from 'react';
import { getJson } from '../api.ts';

interface Health { repository?: { ok: boolean; message?: string } }

const CHECK_EVERY_MS = 60_000;

export function RepositoryNotice() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const check = () => {
      getJson<Health>('health', controller.signal).then(
        (h) => setMessage(h.repository && !h.repository.ok ? (h.repository.message ?? null) : null),
        () => undefined, // an unreachable server is shown where the editor saves
      );
    };
    check();
    const timer = setInterval(check, CHECK_EVERY_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, []);
  if (!message) return null;
  return <p className="admin-repository-problem" role="alert">{message}</p>;
}
