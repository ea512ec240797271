// Event pages: Show Page / Hide Page (the button of the current state disabled; new pages start
// hidden), the page URL radio with URLs used by other pages disabled, and a preview of the page.
import { useEffect, useRef, useState } from 'react';
import { entities } from '../../../../server/schema/registry.ts';
import { Markdown } from '../ui/LazyMarkdown.tsx';
import { messageOf, send, type AdminItem } from '../api.ts';
import { textOf, type FormValues } from '../entityApi.ts';
import { ownSave } from '../../lib/liveStream.ts';
import { applySaved, listKey, useAdminApi } from '../liveData.ts';
import { inDraft } from '../drafts/workingDraft.ts';
import type { EntityExtras, FieldOptions, ItemActionProps } from './types.ts';

/** Page URLs another page has are disabled, and say which page has them (there are six at most). */
function useUsedPageUrls(item: AdminItem | undefined): Record<string, FieldOptions> {
  const items = useAdminApi<AdminItem[]>(listKey(entities.majorEvent)).data ?? [];
  const owner = new Map(
    items.filter((o) => o.id !== item?.id && o.page_url).map((o) => [textOf(o.page_url), textOf(o.header)]),
  );
  const options = (entities.majorEvent.fields.page_url.options ?? []).map((o) => {
    const by = owner.get(o.value);
    return by === undefined ? o : { value: o.value, label: `${o.label} (used by ${by || 'another page'})` };
  });
  return { page_url: { options, disabled: new Set(owner.keys()) } };
}

function ShowHide({ def, item, onDone, onError }: ItemActionProps) {
  const [busy, setBusy] = useState(false);
  const hidden = item.hidden === true;
  // The pressed button becomes disabled once the page changes state: the focus moves to the other
  // one (where the next press would go) instead of falling to the page.
  const showRef = useRef<HTMLButtonElement>(null);
  const hideRef = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (!pressed.current) return;
    pressed.current = false;
    (hidden ? showRef : hideRef).current?.focus();
  }, [hidden]);
  const setHidden = async (value: boolean) => {
    if (busy) return;
    pressed.current = true;
    setBusy(true);
    try {
      await ownSave(async () =>
        applySaved(
          def,
          await send<AdminItem>('PUT', inDraft('majorevents.php'), { id: item.id, hidden: value }),
        ),
      );
      onDone(value ? 'The page is now hidden.' : 'The page is now shown.');
    } catch (e) {
      pressed.current = false;
      onError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <span className={hidden ? 'admin-badge admin-badge-off' : 'admin-badge admin-badge-on'}>
        {hidden ? 'Hidden' : 'Shown'}
      </span>
      <button
        ref={showRef}
        type="button"
        className="admin-button"
        disabled={!hidden}
        aria-disabled={busy || undefined}
        onClick={() => void setHidden(false)}
      >
        Show Page
      </button>
      <button
        ref={hideRef}
        type="button"
        className="admin-button"
        disabled={hidden}
        aria-disabled={busy || undefined}
        onClick={() => void setHidden(true)}
      >
        Hide Page
      </button>
    </>
  );
}

/** Roughly the public event page: header, details, bold line and description. */
function EventPagePreview({ values }: { values: FormValues }) {
  return (
    <div className="admin-event-preview">
      <h2>{textOf(values.header) || 'Header'}</h2>
      {[values.organization, values.location, values.date_range]
        .map(textOf)
        .filter(Boolean)
        .map((t) => (
          <p key={t}>{t}</p>
        ))}
      {values.optional_event_description_bold_text && (
        <p>
          <strong>{textOf(values.optional_event_description_bold_text)}</strong>
        </p>
      )}
      <Markdown>{textOf(values.event_description)}</Markdown>
    </div>
  );
}

export const majorEventExtras: EntityExtras = {
  heading: 'Event pages',
  addLabel: 'Add an event page',
  intro:
    'New pages start hidden: use Show Page when the page is ready. Each page address can belong to one page only.',
  hiddenFields: ['hidden'],
  useFieldOptions: useUsedPageUrls,
  ItemActions: ShowHide,
  Preview: EventPagePreview,
};
