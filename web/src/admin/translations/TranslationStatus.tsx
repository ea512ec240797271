// An item's translation into each of the site's other languages, on its edit screen: "Español: Out of
// date — Translate", the link opening the side-by-side view. Read again whenever the item's version
// changes (a save of the English can put a translation out of date). Translations are the live
// site's: nothing is said while working in a draft.
import { Link } from 'react-router-dom';
import type { EntityDef } from '../../../../server/schema/define.ts';
import { wordsDef } from '../../../../server/schema/translations.ts';
import { workingDraftId } from '../drafts/workingDraft.ts';
import { StateBadge } from './StateBadge.tsx';
import { translateRoute } from './translationPaths.ts';
import { getTranslation, useFetched, useTargetLanguages } from './translationsApi.ts';

interface TranslationStatusProps {
  def: EntityDef;
  id: string;
  /** The item's version: a new one reads the states again. */
  version: string;
}

export function TranslationStatus(props: TranslationStatusProps) {
  const translated = props.def.storage !== 'private' && wordsDef(props.def) !== null;
  if (!translated || workingDraftId() !== null) return null;
  return <States {...props} />;
}

function States({ def, id, version }: TranslationStatusProps) {
  const { languages } = useTargetLanguages();
  const codes = languages?.map((l) => l.code).join(',') ?? '';
  const states = useFetched(
    languages?.length
      ? () =>
          Promise.all(languages.map((l) => getTranslation(def.name, id, l.code, null).then((f) => f.state)))
      : null,
    [def.name, id, version, codes],
  );
  if (!languages?.length || !states.data || states.data.length !== languages.length) return null;
  return (
    <ul className="admin-translation-status" aria-label="Translations">
      {languages.map((l, i) => (
        <li key={l.code}>
          {l.name}: <StateBadge state={states.data![i]!} /> —{' '}
          <Link to={translateRoute(def.name, id, l.code)}>
            Translate <span className="visually-hidden">into {l.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
