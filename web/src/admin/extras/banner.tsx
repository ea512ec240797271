// Banners: the on/off switch for the whole banner, and 'Show This Banner' on each (the selected one
// checked and disabled: exactly one is selected). Both are site settings (globals.php).
import { useId, useState } from 'react';
import { entities } from '../../../../server/schema/registry.ts';
import type { EntityDef } from '../../../../server/schema/define.ts';
import { messageOf, send, type WireItem } from '../api.ts';
import { listKey, useAdminApi } from '../liveData.ts';
import { load } from '../../lib/resourceStore.ts';
import { LIST_NOTICE_MS, Notice, useNotice } from '../ui/Notice.tsx';
import type { EntityExtras, ItemActionProps } from './types.ts';

const settingsKey = listKey(entities.siteSettings);
const useSettings = () => useAdminApi<WireItem>(settingsKey).data;

function GlobalToggle({ def }: { def: EntityDef }) {
  const settings = useSettings();
  // Banners are few: the whole list tells whether the selected one still exists.
  const items = useAdminApi<WireItem[]>(listKey(def)).data ?? [];
  const noneSelected = !!settings && !items.some((b) => b.id === settings.banner_to_show);
  const notice = useNotice();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const on = settings?.show_banner === '1';
  const toggle = async () => {
    setBusy(true);
    try {
      await send('PUT', 'globals.php', { show_banner: on ? '0' : '1' });
      load(settingsKey);
      notice.success(on ? 'The banner is now off.' : 'The banner is now on.', LIST_NOTICE_MS);
    } catch (e) {
      notice.error(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="admin-card admin-toggle-row">
      <label htmlFor={id} className="admin-switch">
        <input id={id} type="checkbox" role="switch" checked={on} disabled={!settings || busy} onChange={() => void toggle()} />
        <span>Show the banner on the site</span>
      </label>
      <span className="admin-muted">{settings ? (on ? 'On: visitors see the selected banner.' : 'Off: no banner is shown.') : 'Loading…'}</span>
      {noneSelected && items.length > 0 && <span className="admin-muted">No banner is selected yet: choose one with “Show This Banner”.</span>}
      <Notice notice={notice.notice} />
    </div>
  );
}

function ShowThisBanner({ item, onDone, onError }: ItemActionProps) {
  const settings = useSettings();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const selected = settings?.banner_to_show === item.id;
  const select = async () => {
    setBusy(true);
    try {
      await send('PUT', 'globals.php?update_type=banner_selected', { banner_to_show: item.id });
      load(settingsKey);
      onDone('Updated successfully!');
    } catch (e) {
      onError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <label htmlFor={id} className="admin-switch">
      <input id={id} type="checkbox" checked={selected} disabled={!settings || selected || busy} onChange={() => void select()} />
      <span>Show This Banner</span>
    </label>
  );
}

function SelectedMark({ item }: { item: WireItem }) {
  const settings = useSettings();
  if (settings?.banner_to_show !== item.id) return null;
  return <span className="admin-badge admin-badge-on">Selected to show</span>;
}

export const bannerExtras: EntityExtras = {
  heading: 'Banners',
  addLabel: 'Add a banner',
  intro: 'Links to pages of this site start with / (for example /events); other links need their full address.',
  noticeMs: LIST_NOTICE_MS,
  ListHeader: GlobalToggle,
  ItemActions: ShowThisBanner,
  RowMark: SelectedMark,
};

export const siteSettingsExtras: EntityExtras = {
  heading: 'Data dashboard',
  intro: 'The address of the data dashboard and of its embed script, used by the dashboard page.',
  hiddenFields: ['show_banner', 'banner_to_show'],
};
