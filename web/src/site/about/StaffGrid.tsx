// The staff profile grid, sorted by the last word of the name ignoring case (spec §2, §9).
import type { Profile } from '../../lib/types.ts';
import { byLastWordOfName } from '../../lib/sort.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { EditLink } from '../components/EditLink.tsx';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
}

export function StaffGrid({ profiles }: { profiles: readonly Profile[] }) {
  const sorted = [...profiles].sort(byLastWordOfName);
  return (
    <ul className="staff-grid">
      {sorted.map((p) => (
        <li key={p.id} className="staff-card">
          {p.headshot ? (
            <ResponsiveImage
              src={p.headshot}
              alt={`Headshot of ${p.name}`}
              className="staff-photo"
              loading="lazy"
              sizes="140px"
            />
          ) : (
            <span className="staff-photo staff-initials" aria-hidden="true">
              {initials(p.name)}
            </span>
          )}
          <h3 className="staff-name">{p.name}</h3>
          <EditLink entity="profiles" id={p.id} what={`profile of ${p.name}`} />
          <Markdown className="staff-title" headingsFrom={4}>
            {p.title}
          </Markdown>
        </li>
      ))}
    </ul>
  );
}
