// Files of the site that were changed outside the admin (by hand, a commit or a pull) and could not
// be used: not valid, too large, not a regular file, unreadable. Listed on the admin home, where staff
// look first; what visitors see is the last good version (or nothing, for a new file).
import { useHealth } from './RepositoryNotice.tsx';

export function SiteFileProblems() {
  const health = useHealth();
  const problems = health?.errors ?? [];
  if (!problems.length) return null;
  return (
    <section className="admin-file-problems" aria-labelledby="admin-file-problems-title">
      <h2 id="admin-file-problems-title">
        {problems.length === 1
          ? '1 file of the site has a problem'
          : `${problems.length} files of the site have a problem`}
      </h2>
      <p>
        These files were changed outside the admin (by hand or with git) and could not be used. Visitors still
        see the last good version of each. Ask the person who looks after the site files to fix them, or save
        the item again here.
      </p>
      <ul>
        {problems.map((p) => (
          <li key={p.path}>
            <code>{p.path}</code>: {p.error}
            {p.fields && (
              <ul>
                {Object.entries(p.fields).map(([field, message]) => (
                  <li key={field}>
                    {field}: {message}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
