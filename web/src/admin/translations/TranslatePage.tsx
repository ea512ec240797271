// /admin/translations/<entity>/<id>?lang=es: one item translated side by side — its state, the
// English beside each box, the changed English marked when the translation is out of date — and,
// after a save, the state read again. On the live site editors and admins save; in a draft
// (`?draft=ID`, the one worked in) anyone who may work in drafts, and the translation goes live when
// the draft is published.
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { EntityDef } from '../../../../server/schema/define.ts';
import { entityByName } from '../../../../server/schema/registry.ts';
import type { SiteLanguage } from '../../../../server/schema/site/languages.ts';
import { AdminFrame } from '../AdminFrame.tsx';
import { useCan } from '../access.ts';
import { useDraftTitle } from '../drafts/DraftSwitch.tsx';
import { keepDraft, workingDraftId } from '../drafts/workingDraft.ts';
import type { AdminItem } from '../api.ts';
import { itemKey, listKey, useAdminApi } from '../liveData.ts';
import { Notice, useNotice } from '../ui/Notice.tsx';
import { titleOf } from '../sections/rows.ts';
import { StateBadge } from './StateBadge.tsx';
import { TRANSLATIONS_ROUTE } from './translationPaths.ts';
import { TranslationForm } from './TranslationForm.tsx';
import { getTranslation, useFetched, useTargetLanguages, type TranslationFacts } from './translationsApi.ts';
import { wordBlocks } from './wordRows.ts';

export default function TranslatePage() {
  const { entity = '', id = '' } = useParams();
  const def = entityByName.get(entity);
  const lang = useSearchParams()[0].get('lang') ?? '';
  return (
    <AdminFrame
      title={def ? `Translate: ${def.label}` : 'Translate'}
      intro={
        <p>
          <Link to={keepDraft(`${TRANSLATIONS_ROUTE}?lang=${encodeURIComponent(lang)}`)}>
            Back to all translations
          </Link>
        </p>
      }
      savesContent={false}
    >
      {def ? (
        <TranslateView def={def} id={id} lang={lang} />
      ) : (
        <p className="admin-notice admin-notice-error" role="alert">
          There is no such kind of item to translate.
        </p>
      )}
    </AdminFrame>
  );
}

function TranslateView({ def, id, lang }: { def: EntityDef; id: string; lang: string }) {
  const { languages, error } = useTargetLanguages();
  const language = languages?.find((l) => l.code === lang);
  const draft = workingDraftId();
  const facts = useFetched(() => getTranslation(def.name, id, lang, draft), [def.name, id, lang, draft]);
  // The English item names each list item's kind ("Section 2 (Text)"), as the draft worked in has it.
  const english = useAdminApi<AdminItem>(
    def.type === 'collection' ? itemKey(def, id, draft) : listKey(def, draft),
  );
  const notice = useNotice();
  const { saveHere } = useCan();

  if (error && !languages)
    return (
      <p className="admin-notice admin-notice-error" role="alert">
        Could not load the site’s languages: {error.message}
      </p>
    );
  if (facts.error && !facts.data)
    return (
      <div className="admin-notice admin-notice-error" role="alert">
        <p>Could not open this translation: {facts.error.message}</p>
        <button type="button" className="admin-button" onClick={facts.reload}>
          Try again
        </button>
      </div>
    );
  if (!facts.data || !languages || (english.data === undefined && !english.error))
    return (
      <p className="admin-loading" role="status">
        Loading the translation…
      </p>
    );
  if (!language)
    return (
      <p className="admin-notice admin-notice-error" role="alert">
        The site has no language with the code “{lang}”.
      </p>
    );
  return (
    <>
      <Loaded
        def={def}
        facts={facts.data}
        englishItem={english.data}
        language={language}
        maySave={saveHere}
        draft={draft}
        onSaved={(message) => {
          notice.success(message);
          facts.reload();
        }}
        onReload={facts.reload}
      />
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </>
  );
}

function Loaded(props: {
  def: EntityDef;
  facts: TranslationFacts;
  englishItem: AdminItem | undefined;
  language: SiteLanguage;
  maySave: boolean;
  draft: string | null;
  onSaved: (message: string) => void;
  onReload: () => void;
}) {
  const { def, facts, englishItem, language } = props;
  const draftTitle = useDraftTitle(props.draft);
  const blocks = useMemo(() => wordBlocks(def, facts, englishItem), [def, facts, englishItem]);
  const title = englishItem && def.type === 'collection' ? titleOf(def, englishItem) : def.label;
  return (
    <>
      <div className="admin-translate-head">
        <h2>
          {title} <span className="admin-muted">in {language.name}</span>
        </h2>
        <p className="admin-translate-state" aria-live="polite">
          State: <StateBadge state={facts.state} />
        </p>
        {facts.state === 'outdated' && (
          <p className="admin-help">
            The English changed since this was translated: the changed parts are marked below, with{' '}
            <del>struck-through</del> words taken out of the English and <ins>underlined</ins> words added to
            it.
          </p>
        )}
      </div>
      {props.draft ? (
        <p className="admin-notice admin-notice-info" role="note">
          This translation is saved in the draft {draftTitle ? `“${draftTitle}”` : 'you are working in'}. It
          goes live on the site when the draft is published.
        </p>
      ) : (
        !props.maySave && (
          <p className="admin-notice admin-notice-info" role="note">
            An editor or admin saves translations on the live site. You can read the English and the
            translation here, or choose or start a draft (at the top of the page) to translate in it.
          </p>
        )
      )}
      {/* A save reads the translation again: the form starts afresh from what was saved. */}
      <TranslationForm
        key={facts.version || 'none'}
        def={def}
        facts={facts}
        blocks={blocks}
        language={language}
        maySave={props.maySave}
        draft={props.draft}
        onSaved={props.onSaved}
        onReload={props.onReload}
      />
    </>
  );
}
