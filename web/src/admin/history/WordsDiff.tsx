// Two texts word by word: removed words struck through (<del>), added ones underlined (<ins>), each
// also said in words for screen readers, since <del>/<ins> are often silent. Used by the history's
// compare view and by the translation view (what changed in the English). Brings the word-diff
// library, so screens load it only when they show a diff.
import { useMemo } from 'react';
import { wordDiff } from './versionDiff.ts';

export interface DiffNames {
  /** Said to screen readers before a word only in the earlier text: 'only in this version: '. */
  onlyBefore: string;
  /** Said before a word only in the later text. */
  onlyAfter: string;
}

export default function WordsDiff({
  before,
  after,
  names,
  id,
}: {
  before: string;
  after: string;
  names: DiffNames;
  id?: string;
}) {
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  return (
    <p className="admin-diff" id={id}>
      {parts.map((p, i) => {
        if (p.kind === 'same') return <span key={i}>{p.text}</span>;
        const Tag = p.kind === 'removed' ? 'del' : 'ins';
        const said = p.kind === 'removed' ? names.onlyBefore : names.onlyAfter;
        return (
          <Tag key={i}>
            <span className="visually-hidden">[{said}</span>
            {p.text}
            <span className="visually-hidden">]</span>
          </Tag>
        );
      })}
    </p>
  );
}
