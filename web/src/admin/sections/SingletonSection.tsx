// The generic form of a one-of-a-kind text (home page, footer, policy...): every field with its
// preview, saved with one Update, plus its History. Read-only where the person may not save (a
// contributor on the live site).
import { useId, useState } from 'react';
import type { AdminItem } from '../api.ts';
import { listKey, useAdminApi } from '../liveData.ts';
import type { SectionProps } from '../extras/types.ts';
import { EntityForm } from '../form/EntityForm.tsx';
import { savedNotice } from '../entityApi.ts';
import { HistoryDialog } from '../history/HistoryDialog.tsx';
import { Notice, useNotice } from '../ui/Notice.tsx';
import { LoadState } from './LoadState.tsx';
import { ItemView } from '../form/ItemView.tsx';
import { useCan } from '../access.ts';
import { TranslationStatus } from '../translations/TranslationStatus.tsx';

export function SingletonSection({ def, extras }: SectionProps) {
  const headingId = useId();
  const state = useAdminApi<AdminItem>(listKey(def));
  const notice = useNotice();
  const { saveHere } = useCan();
  const [history, setHistory] = useState(false);
  // A restored version replaces what the form shows (the form keeps its own input otherwise).
  const [restored, setRestored] = useState<AdminItem | null>(null);
  const heading = extras.heading ?? def.label;

  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <div className="admin-section-head">
        <h2 id={headingId}>{heading}</h2>
        <button
          type="button"
          className="admin-button admin-button-quiet"
          aria-label={`History: ${heading}`}
          onClick={() => setHistory(true)}
        >
          History
        </button>
      </div>
      {extras.intro && <p className="admin-help">{extras.intro}</p>}
      <LoadState state={state} what={heading.toLowerCase()}>
        {state.data && !saveHere && (
          <div className="admin-card">
            <ItemView def={def} item={state.data} />
          </div>
        )}
        {state.data && saveHere && (
          <div className="admin-card">
            <TranslationStatus def={def} id="1" version={state.data.version} />
            <EntityForm
              key={restored?.version ?? 'loaded'}
              def={def}
              item={restored ?? state.data}
              extras={extras}
              submitLabel="Update"
              onSaved={(answer) =>
                notice.success(savedNotice(answer.message ?? 'Updated successfully!', answer, true))
              }
            />
          </div>
        )}
      </LoadState>
      <Notice notice={notice.notice} onDismiss={notice.clear} />
      {history && (
        <HistoryDialog
          def={def}
          id="1"
          name={heading}
          onClose={() => setHistory(false)}
          onRestored={(m, item) => {
            setRestored(item);
            notice.success(m);
          }}
        />
      )}
    </section>
  );
}
