// The Content checks page: every problem the content checks find on the live site (what visitors see,
// never a draft's), item by item, each linked to its item's form. The same list as `npm run
// check-content` (schema/siteAddresses.ts: one function behind both).
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SiteFinding } from '../../../../server/schema/siteAddresses.ts';
import { entityByName } from '../../../../server/schema/registry.ts';
import { AdminFrame } from '../AdminFrame.tsx';
import { getJson, messageOf } from '../api.ts';
import { formHref } from '../itemLinks.ts';

const INTRO =
  'What makes the live site harder to use, found in every item: images without a description, ' +
  'headings out of order, links whose words do not say where they go, and links to pages or files ' +
  'the site does not have. Open an item to fix it; the same list shows beside each field there.';

export default function ContentChecksPage() {
  return (
    <AdminFrame title="Content checks" intro={<p>{INTRO}</p>} savesContent={false} needs="contentChecks">
      <ContentChecks />
    </AdminFrame>
  );
}

type Loaded = { problems: SiteFinding[] } | { error: string } | null;

function ContentChecks() {
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [tick, setTick] = useState(0);
  const again = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => {
    let live = true;
    getJson<{ problems: SiteFinding[] }>('admin/content-checks').then(
      (a) => live && setLoaded({ problems: a.problems }),
      (e: unknown) => live && setLoaded({ error: messageOf(e) }),
    );
    return () => {
      live = false;
    };
  }, [tick]);

  if (loaded === null)
    return (
      <p className="admin-status" role="status">
        Checking the site…
      </p>
    );
  if ('error' in loaded)
    return (
      <p className="admin-notice admin-notice-error" role="alert">
        {loaded.error}
      </p>
    );
  const items = groupByItem(loaded.problems);
  return (
    <>
      <div className="admin-actions">
        <p className="admin-status" role="status">
          {loaded.problems.length === 0
            ? 'No problems found: every image has a description, every heading and link reads well.'
            : `${count(loaded.problems.length, 'problem')} in ${count(items.length, 'item')}.`}
        </p>
        <button type="button" className="admin-button" onClick={again}>
          Check again
        </button>
      </div>
      {items.map(({ first, problems }) => {
        const def = entityByName.get(first.entity);
        const href = formHref(first.entity, first.id);
        const name = `${def?.label ?? first.entity}: ${first.title}`;
        return (
          <section key={`${first.entity}/${first.id}`} className="admin-card" aria-label={name}>
            <h2>{href ? <Link to={href}>{name}</Link> : name}</h2>
            <ul>
              {problems.map((p, i) => (
                <li key={i}>
                  <strong>{p.label}</strong>
                  {p.blocks ? ' (must be fixed before this item can be saved again)' : ''}: {p.message}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The problems item by item, in the order the server lists them. */
function groupByItem(problems: SiteFinding[]): { first: SiteFinding; problems: SiteFinding[] }[] {
  const byItem = new Map<string, { first: SiteFinding; problems: SiteFinding[] }>();
  for (const p of problems) {
    const key = `${p.entity}/${p.id}`;
    const group = byItem.get(key) ?? { first: p, problems: [] };
    group.problems.push(p);
    byItem.set(key, group);
  }
  return [...byItem.values()];
}
