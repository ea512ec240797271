// /admin/translations: every item with words to translate and how its translation stands in the
// chosen language (missing, out of date, up to date), by collection, each with the way to translate
// it side by side. The language and the filter are in the address, so the way back keeps them.
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { SiteLanguage } from '../../../../server/schema/site/languages.ts';
import { AdminFrame } from '../AdminFrame.tsx';
import { FILTER_WORDS, groupLines, summaryLine, type StateFilter } from './stateWords.ts';
import { StateBadge } from './StateBadge.tsx';
import { translateRoute } from './translationPaths.ts';
import {
  getTranslationList,
  useFetched,
  useTargetLanguages,
  type TranslationLine,
} from './translationsApi.ts';

const INTRO =
  'Every text of the site that visitors read, and whether it is translated. “Out of date” means the English changed after the translation was saved.';

export default function TranslationsPage() {
  return (
    <AdminFrame title="Translations" intro={<p>{INTRO}</p>} savesContent={false}>
      <TranslationsView />
    </AdminFrame>
  );
}

const FILTERS = Object.keys(FILTER_WORDS) as StateFilter[];

function TranslationsView() {
  const [params, setParams] = useSearchParams();
  const { languages, error } = useTargetLanguages();
  const asked = params.get('lang');
  const lang = languages?.find((l) => l.code === asked) ?? languages?.[0];
  const filter = FILTERS.find((f) => f === params.get('show')) ?? 'all';
  const choose = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  if (error && !languages)
    return (
      <p className="admin-notice admin-notice-error" role="alert">
        Could not load the site’s languages: {error.message}
      </p>
    );
  if (!languages)
    return (
      <p className="admin-loading" role="status">
        Loading the languages…
      </p>
    );
  if (!lang)
    return (
      <p className="admin-notice admin-notice-info" role="note">
        The site is in English only. An admin can add a language on the{' '}
        <Link to="/LanguagesAdminPage">Languages</Link> page.
      </p>
    );
  return (
    <>
      <Choices
        languages={languages}
        lang={lang.code}
        filter={filter}
        onLanguage={(code) => choose('lang', code)}
        onFilter={(f) => choose('show', f)}
      />
      <Lines key={lang.code} lang={lang} filter={filter} />
    </>
  );
}

function Choices(props: {
  languages: SiteLanguage[];
  lang: string;
  filter: StateFilter;
  onLanguage: (code: string) => void;
  onFilter: (filter: StateFilter) => void;
}) {
  const id = useId();
  return (
    <div className="admin-card admin-translation-choices">
      <div className="admin-field">
        <label htmlFor={`${id}-lang`}>Language</label>
        <select id={`${id}-lang`} value={props.lang} onChange={(e) => props.onLanguage(e.target.value)}>
          {props.languages.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="admin-field">
        <legend>Show</legend>
        <div className="admin-radios">
          {FILTERS.map((f) => (
            <label key={f} className="admin-radio">
              <input
                type="radio"
                name={`${id}-show`}
                value={f}
                checked={props.filter === f}
                onChange={() => props.onFilter(f)}
              />
              {FILTER_WORDS[f]}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

function Lines({ lang, filter }: { lang: SiteLanguage; filter: StateFilter }) {
  const { data, error, reload } = useFetched(() => getTranslationList(lang.code), [lang.code]);
  if (error && !data)
    return (
      <div className="admin-notice admin-notice-error" role="alert">
        <p>Could not load the translations: {error.message}</p>
        <button type="button" className="admin-button" onClick={reload}>
          Try again
        </button>
      </div>
    );
  if (!data)
    return (
      <p className="admin-loading" role="status">
        Loading the translations…
      </p>
    );
  const groups = groupLines(data.items, filter);
  return (
    <>
      <p className="admin-translation-summary" role="status">
        {lang.name}: {summaryLine(data.items)}.
      </p>
      {groups.length === 0 && (
        <p className="admin-muted">
          {filter === 'missing' ? 'Nothing is missing.' : 'Nothing is out of date.'}
        </p>
      )}
      {groups.map((g) => (
        <Group key={g.entity} label={g.label} lines={g.lines} lang={lang.code} />
      ))}
    </>
  );
}

function Group({ label, lines, lang }: { label: string; lines: TranslationLine[]; lang: string }) {
  const id = useId();
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>{label}</h2>
      <ul className="admin-rows admin-translation-rows">
        {lines.map((line) => (
          <li key={line.id} className="admin-row admin-translation-row">
            <span className="admin-row-title">{line.title}</span>
            <span className="admin-row-meta">
              <StateBadge state={line.state} />
              <Link to={translateRoute(line.entity, line.id, lang)}>
                Translate<span className="visually-hidden">: {line.title}</span>
              </Link>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
