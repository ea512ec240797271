// Banners: which one visitors see. One model, each part of it visible on the public site:
// a banner is "on the site" when the settings have the banner switched on (show_banner) and select
// it (banner_to_show). Each banner has one toggle button, "Show this banner on the site": pressing
// it puts this banner up (switching the banner on and selecting it, in one save, so any other goes
// down); pressing it again takes it off (switching the banner off). There is no separate global
// switch (its off state left a banner looking selected while none showed) and no per-banner
// Hidden/Shown choice (the site never read it): both stored fields stay, so old files still load.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { entities } from '../../../../server/schema/registry.ts';
import type { EntityDef } from '../../../../server/schema/define.ts';
import { messageOf, send, type AdminItem } from '../api.ts';
import { listKey, useAdminApi } from '../liveData.ts';
import { inDraft, keepDraft } from '../drafts/workingDraft.ts';
import { load } from '../../lib/resourceStore.ts';
import { LIST_NOTICE_MS } from '../ui/Notice.tsx';
import type { EntityExtras, ItemActionProps } from './types.ts';

// Read when drawn: the key names the draft the admin works in.
const settingsKey = () => listKey(entities.siteSettings);
const useSettings = () => useAdminApi<AdminItem>(settingsKey()).data;

/** The id of the banner visitors see, or null (switched off, or nothing selected). */
const onSite = (settings: AdminItem | undefined) =>
  settings?.show_banner === true && settings.banner_to_show !== '0' ? String(settings.banner_to_show) : null;

/** Above the list: which banner visitors see now, linked to it. */
function OnTheSite({ def }: { def: EntityDef }) {
  const settings = useSettings();
  // Banners are few: the whole list tells whether the selected one still exists.
  const items = useAdminApi<AdminItem[]>(listKey(def)).data;
  const id = onSite(settings);
  const shown = id ? items?.find((b) => b.id === id) : undefined;
  let text;
  if (!settings || !items) text = <>Loading…</>;
  else if (shown) {
    const to = keepDraft(`?${def.name}=${encodeURIComponent(shown.id)}`);
    text = (
      <>
        On the site now: <Link to={to}>{shown.banner_text}</Link>.
      </>
    );
  } else text = <>No banner is on the site. Open a banner and press “Show this banner on the site”.</>;
  return (
    <p className="admin-card admin-banner-now" aria-live="polite">
      {text}
    </p>
  );
}

function ShowOnSite({ item, onDone, onError }: ItemActionProps) {
  const settings = useSettings();
  const [busy, setBusy] = useState(false);
  const shown = onSite(settings) === item.id;
  const toggle = async () => {
    if (!settings || busy) return;
    setBusy(true);
    try {
      const change = shown ? { show_banner: false } : { show_banner: true, banner_to_show: item.id };
      await send('PUT', inDraft('globals.php'), change);
      load(settingsKey());
      onDone(shown ? 'The banner is now off the site.' : 'This banner is now on the site.');
    } catch (e) {
      onError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  // A toggle button (aria-pressed), never disabled while saving, so the focus stays on it.
  return (
    <>
      <button
        type="button"
        className="admin-button"
        aria-pressed={shown}
        aria-disabled={!settings || busy || undefined}
        onClick={() => void toggle()}
      >
        Show this banner on the site
      </button>
      <span className={shown ? 'admin-badge admin-badge-on' : 'admin-badge admin-badge-off'}>
        {shown ? 'On the site' : 'Not on the site'}
      </span>
    </>
  );
}

function OnSiteMark({ item }: { item: AdminItem }) {
  if (onSite(useSettings()) !== item.id) return null;
  return <span className="admin-badge admin-badge-on">On the site</span>;
}

export const bannerExtras: EntityExtras = {
  heading: 'Banners',
  addLabel: 'Add a banner',
  intro:
    'Visitors see at most one banner, across the top of every page. ' +
    'Links to pages of this site start with / (for example /events); other links need their full address.',
  noticeMs: LIST_NOTICE_MS,
  ListHeader: OnTheSite,
  ItemActions: ShowOnSite,
  RowMark: OnSiteMark,
};

export const siteSettingsExtras: EntityExtras = {
  heading: 'Data dashboard',
  intro: 'The address of the data dashboard and of its embed script, used by the dashboard page.',
  hiddenFields: ['show_banner', 'banner_to_show'],
};
