// The side-by-side form of one item in one language: field by field (a list's items under their own
// headings), the English beside the translation, saved with the item's own write call and ?lang=.
// The server's refusals are said at the top and beside their boxes; a save someone else made first
// (409) is said with the way to reload. Where this person may not save, the words are shown only.
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { EntityDef } from '../../../../server/schema/define.ts';
import type { SiteLanguage } from '../../../../server/schema/site/languages.ts';
import { ApiError, fieldErrorsOf, messageOf } from '../api.ts';
import { NOTHING_SAVED } from '../entityApi.ts';
import { useDirty } from '../ui/unsaved.tsx';
import { saveTranslation, type TranslationFacts } from './translationsApi.ts';
import { startingValues, wordsToSave, type WordBlock } from './wordRows.ts';
import { WordRowView } from './WordRowView.tsx';

interface TranslationFormProps {
  def: EntityDef;
  facts: TranslationFacts;
  blocks: WordBlock[];
  language: SiteLanguage;
  /** Whether this person may save here: on the live site (editors and admins), or in a draft (anyone). */
  maySave: boolean;
  /** The draft the translation is saved into, or null for the live site. */
  draft: string | null;
  onSaved: (message: string) => void;
  /** Reads the item's words again (after someone else's save). */
  onReload: () => void;
}

export function TranslationForm({
  def,
  facts,
  blocks,
  language,
  maySave,
  draft,
  onSaved,
  onReload,
}: TranslationFormProps) {
  const formId = useId();
  const baseline = useMemo(() => startingValues(blocks, facts.translation), [blocks, facts.translation]);
  const [values, setValues] = useState(baseline);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const dirty = Object.keys(values).some((k) => values[k] !== baseline[k]);
  useDirty(dirty);

  const set = (path: string, v: string) => {
    setValues((prev) => ({ ...prev, [path]: v }));
    if (fieldErrors[path]) setFieldErrors(({ [path]: _gone, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    setStale(false);
    setFieldErrors({});
    if (!dirty) {
      setError(NOTHING_SAVED);
      return;
    }
    setBusy(true);
    try {
      const answer = await saveTranslation(
        def,
        facts.id,
        facts.lang,
        wordsToSave(facts, values),
        facts.version,
        draft,
      );
      onSaved(answer.message ?? 'Translation saved.');
    } catch (err) {
      setError(messageOf(err));
      setStale(err instanceof ApiError && err.status === 409);
      setFieldErrors(fieldErrorsOf(err));
    } finally {
      setBusy(false);
    }
  };

  const paths = new Set(Object.keys(values));
  const elsewhere = Object.entries(fieldErrors).filter(([k]) => !paths.has(k));
  return (
    <form
      className="admin-form admin-translate-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-busy={busy}
    >
      {error && (
        <div className="admin-notice admin-notice-error" role="alert">
          <p>{error}</p>
          {elsewhere.length > 0 && (
            <ul>
              {elsewhere.map(([k, m]) => (
                <li key={k}>{m}</li>
              ))}
            </ul>
          )}
          {stale && (
            <button type="button" className="admin-button" onClick={onReload}>
              Reload the translation
            </button>
          )}
        </div>
      )}
      {blocks.map((block) => (
        <Block key={block.key} block={block}>
          {block.groups.map((g, i) => (
            <div key={i} className="admin-translate-group">
              {g.heading && <h4>{g.heading}</h4>}
              {g.rows.map((row) => (
                <WordRowView
                  key={row.path}
                  formId={formId}
                  row={row}
                  language={language.name}
                  value={values[row.path] ?? ''}
                  error={fieldErrors[row.path]}
                  onChange={maySave ? (v) => set(row.path, v) : undefined}
                />
              ))}
            </div>
          ))}
        </Block>
      ))}
      {maySave && (
        <div className="admin-actions">
          {/* Not disabled while saving: a disabled button loses the focus, and it would fall to the page. */}
          <button
            type="submit"
            className="admin-button admin-button-primary"
            aria-disabled={busy || undefined}
          >
            {busy ? 'Saving…' : 'Save the translation'}
          </button>
          {dirty && (
            <button
              type="button"
              className="admin-button admin-button-quiet"
              disabled={busy}
              onClick={() => setValues(baseline)}
            >
              Undo my changes
            </button>
          )}
        </div>
      )}
    </form>
  );
}

function Block({ block, children }: { block: WordBlock; children: React.ReactNode }) {
  const id = useId();
  return (
    <section className="admin-translate-field" aria-labelledby={id}>
      <h3 id={id}>
        {block.label}
        {block.changed && <span className="admin-translate-flag"> (the English changed)</span>}
      </h3>
      {children}
    </section>
  );
}
