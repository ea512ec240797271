// A section of a staff page with an optional heading (an h2 under the page's title): the items
// inside take their headings one level below it, or h2 when the section has none.
import { useId, type ReactNode } from 'react';

export type Level = 2 | 3;

/** A section with an optional heading, its items' heading level given to its children. */
export function Titled({
  heading,
  kind,
  children,
}: {
  heading?: string;
  kind: string;
  children: (level: Level) => ReactNode;
}) {
  const id = useId();
  return (
    <section className={`page-section section-${kind}`} aria-labelledby={heading ? id : undefined}>
      {heading && <h2 id={id}>{heading}</h2>}
      {children(heading ? 3 : 2)}
    </section>
  );
}
