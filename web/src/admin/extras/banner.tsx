// Banners: which one visitors see. Two stored settings decide it, as the spec's pair intends: a
// switch for the whole banner (show_banner) and the chosen banner (banner_to_show). Above the list,
// "Banner on the site" is that switch, a real one (role="switch"), with the banner it shows, or
// would show once on; switching it off and on again keeps the choice, so the same banner comes
// back. On an opened banner, one button says where it stands: "Showing on the site" (unavailable)
// for the chosen one, "Show this one instead" for any other (which also switches the banner on).
// The per-banner Hidden/Shown field stays stored (old files still load) but the site never read it,
// so the form does not offer it.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { entities } from '../../../../server/schema/registry.ts';
import { messageOf, send, type AdminItem } from '../api.ts';
import { textOf } from '../entityApi.ts';
import { listKey, useAdminApi } from '../liveData.ts';
import { inDraft, keepDraft } from '../drafts/workingDraft.ts';
import { load } from '../../lib/resourceStore.ts';
import { useCan } from '../access.ts';
import type { EntityExtras, ItemActionProps, ListHeaderProps } from './types.ts';

// Read when drawn: the key names the draft the admin works in.
const settingsKey = () => listKey(entities.siteSettings);
const useSettings = () => useAdminApi<AdminItem>(settingsKey()).data;

/** The id of the chosen banner (shown while the switch is on), or null when none is chosen. */
const chosen = (settings: AdminItem | undefined) =>
  settings && settings.banner_to_show && settings.banner_to_show !== '0'
    ? textOf(settings.banner_to_show)
    : null;
const switchedOn = (settings: AdminItem | undefined) => settings?.show_banner === true;

/** One change of the site settings at a time, with its notice; the focus stays where it is. */
function useSettingsChange({ onDone, onError }: Pick<ItemActionProps, 'onDone' | 'onError'>) {
  const [busy, setBusy] = useState(false);
  const change = async (fields: Record<string, unknown>, done: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await send('PUT', inDraft('globals.php'), fields);
      load(settingsKey());
      onDone(done);
    } catch (e) {
      onError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, change };
}

/** Above the list: the whole banner's switch, and which banner it shows (or would show). */
function BannerSwitch({ def, onDone, onError }: ListHeaderProps) {
  const settings = useSettings();
  // Banners are few: the whole list tells whether the chosen one still exists.
  const items = useAdminApi<AdminItem[]>(listKey(def)).data;
  const { saveHere } = useCan();
  const { busy, change } = useSettingsChange({ onDone, onError });
  const whatId = useId();
  const on = switchedOn(settings);
  const id = chosen(settings);
  const banner = id ? items?.find((b) => b.id === id) : undefined;
  const link = banner && (
    <Link to={keepDraft(`?${def.name}=${encodeURIComponent(banner.id)}`)}>{textOf(banner.banner_text)}</Link>
  );
  // Until the settings are read there is no state to show: no switch rather than a wrong one.
  if (!settings || !items)
    return (
      <p className="admin-card admin-loading" role="status">
        Loading the banner switch…
      </p>
    );
  let what;
  if (!banner) what = <>No banner is chosen. Open a banner and press “Show this one on the site”.</>;
  else if (on) what = <>Visitors see: {link}</>;
  else what = <>Visitors see no banner. Switched on, the site shows: {link}</>;
  const unavailable = busy || !saveHere;
  const flip = () => {
    if (unavailable) return;
    void change(
      { show_banner: !on },
      on
        ? 'The banner is off the site.'
        : banner
          ? 'The banner is on the site.'
          : 'The banner is switched on.',
    );
  };
  return (
    <div className="admin-card admin-banner-switch">
      {/* The whole line is the switch: its name is its label, the track and On/Off show its state. */}
      <button
        type="button"
        role="switch"
        className="admin-switch"
        aria-checked={on}
        aria-describedby={whatId}
        // Never disabled while saving, so the focus stays on it; unavailable then, and said so.
        aria-disabled={unavailable || undefined}
        onClick={flip}
      >
        <span className="admin-switch-label">Banner on the site</span>
        <span className="admin-switch-track" aria-hidden="true">
          <span className="admin-switch-thumb" />
        </span>
        <span className="admin-switch-state" aria-hidden="true">
          {on ? 'On' : 'Off'}
        </span>
      </button>
      <p id={whatId} className="admin-banner-now" aria-live="polite">
        {what}
      </p>
    </div>
  );
}

function ShowThisOne({ item, onDone, onError }: ItemActionProps) {
  const settings = useSettings();
  const { busy, change } = useSettingsChange({ onDone, onError });
  const isChosen = chosen(settings) === item.id;
  const on = switchedOn(settings);
  let label;
  if (isChosen) label = on ? 'Showing on the site' : 'Chosen: shows when the banner is switched on';
  else label = on && chosen(settings) ? 'Show this one instead' : 'Show this one on the site';
  const unavailable = !settings || busy || isChosen;
  // Unavailable rather than disabled: a disabled button would drop the focus the moment it is pressed.
  return (
    <button
      type="button"
      className={isChosen ? 'admin-button admin-button-current' : 'admin-button'}
      aria-disabled={unavailable || undefined}
      onClick={() => {
        if (!unavailable)
          void change({ show_banner: true, banner_to_show: item.id }, 'This banner is now on the site.');
      }}
    >
      {label}
    </button>
  );
}

function OnSiteMark({ item }: { item: AdminItem }) {
  const settings = useSettings();
  if (chosen(settings) !== item.id) return null;
  return switchedOn(settings) ? (
    <span className="admin-badge admin-badge-on">On the site</span>
  ) : (
    <span className="admin-badge admin-badge-off">Chosen, switched off</span>
  );
}

export const bannerExtras: EntityExtras = {
  heading: 'Banners',
  addLabel: 'Add a banner',
  intro:
    'Visitors see at most one banner, across the top of every page. ' +
    'Links to pages of this site start with / (for example /events); other links need their full address.',
  ListHeader: BannerSwitch,
  ItemActions: ShowThisOne,
  RowMark: OnSiteMark,
};

export const siteSettingsExtras: EntityExtras = {
  heading: 'Data dashboard',
  intro: 'The address of the data dashboard and of its embed script, used by the dashboard page.',
  hiddenFields: ['show_banner', 'banner_to_show'],
};
