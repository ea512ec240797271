// A search result's title or passage: its pieces as text, the words found in <mark>. Never HTML from
// content. Used by the site's results page and the admin's search.
import { Fragment } from 'react';
import type { Piece } from '../../../server/schema/searchAnswer.ts';

export function MarkedText({ pieces }: { pieces: Piece[] }) {
  return (
    <>
      {pieces.map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : <Fragment key={i}>{p.text}</Fragment>))}
    </>
  );
}
