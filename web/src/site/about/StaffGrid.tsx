// The staff profile grid, sorted by the last word of the name ignoring case (spec §2, §9).
import type { Profile } from '../../lib/types.ts';
import { byLastWordOfName } from '../../lib/sort.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { EditLink } from '../components/EditLink.tsx';
import { useWords } from '../words/useWords.ts';
import { langAttr, useSiteLanguage } from '../language/siteLanguage.tsx';
import { fill } from '../words/fill.ts';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
}

/** `keepOrder`: the order given (a staff page's chosen people); `level`: the names' heading level. */
export function StaffGrid({
  profiles,
  keepOrder,
  level = 3,
}: {
  profiles: readonly Profile[];
  keepOrder?: boolean;
  level?: 2 | 3;
}) {
  const sorted = keepOrder ? profiles : [...profiles].sort(byLastWordOfName);
  const H = level === 2 ? 'h2' : 'h3';
  const words = useWords();
  const lang = useSiteLanguage();
  return (
    <ul className="staff-grid">
      {sorted.map((p) => (
        <li key={p.id} className="staff-card" {...langAttr(p, lang)}>
          {p.headshot ? (
            <ResponsiveImage
              src={p.headshot}
              alt={fill(words.headshotOf, { name: p.name })}
              className="staff-photo"
              loading="lazy"
              sizes="140px"
            />
          ) : (
            <span className="staff-photo staff-initials" aria-hidden="true">
              {initials(p.name)}
            </span>
          )}
          <H className="staff-name">{p.name}</H>
          <EditLink entity="profiles" id={p.id} what={`profile of ${p.name}`} />
          <Markdown className="staff-title" headingsFrom={level === 2 ? 3 : 4}>
            {p.title}
          </Markdown>
        </li>
      ))}
    </ul>
  );
}
