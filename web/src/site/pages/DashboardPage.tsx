// The embedded data dashboard (DESIGN decision 11): the external embed script from the site
// settings, loaded on this page only (the server's CSP allows it here); when it cannot load, or
// nothing is set, a plain link to the dashboard.
import { createElement, useEffect, useSyncExternalStore } from 'react';
import type { SiteSettings } from '../../lib/types.ts';
import { safeHref } from '../../lib/links.ts';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { Loadable } from '../components/Loadable.tsx';
import { NewTabNote } from '../components/SmartLink.tsx';
import { useWords } from '../words/useWords.ts';

const SCRIPT_TIMEOUT_MS = 10_000;
/** 'idle': not tried yet (the server's page, and a browser without JavaScript: the link shows). */
type ScriptState = 'idle' | 'loading' | 'ready' | 'failed';

// Each embed script's state, shared by whoever shows it: a script already loaded is ready at once.
const scripts = new Map<string, Exclude<ScriptState, 'idle'>>();
const listeners = new Set<() => void>();
const setScript = (src: string, state: Exclude<ScriptState, 'idle'>) => {
  scripts.set(src, state);
  for (const l of [...listeners]) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const never = () => () => undefined;

/** Adds the script (once) and follows it until `stop`; failing or timing out, it can be tried again. */
function loadScript(src: string): () => void {
  let existing = document.querySelector<HTMLScriptElement>(`script[data-dashboard="${CSS.escape(src)}"]`);
  if (existing?.dataset.loaded === '1') {
    setScript(src, 'ready');
    return () => undefined;
  }
  if (!existing) {
    existing = document.createElement('script');
    existing.type = 'module';
    existing.src = src;
    existing.dataset.dashboard = src;
    document.head.append(existing);
  }
  const script = existing;
  setScript(src, 'loading');
  const timer = setTimeout(() => {
    if (scripts.get(src) === 'loading') setScript(src, 'failed');
  }, SCRIPT_TIMEOUT_MS);
  const onLoad = () => {
    script.dataset.loaded = '1';
    setScript(src, 'ready');
  };
  const onError = () => {
    script.remove();
    setScript(src, 'failed');
  };
  script.addEventListener('load', onLoad);
  script.addEventListener('error', onError);
  return () => {
    clearTimeout(timer);
    script.removeEventListener('load', onLoad);
    script.removeEventListener('error', onError);
    // The next visit tries again from the start, not from this failure.
    if (scripts.get(src) === 'failed') scripts.delete(src);
  };
}

function useExternalScript(src: string | undefined): ScriptState {
  // False on the server and while hydrating its page: the link shows until the script is tried.
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const state = useSyncExternalStore(
    subscribe,
    () => (src ? scripts.get(src) : undefined),
    () => undefined,
  );
  useEffect(() => (src ? loadScript(src) : undefined), [src]);
  if (!hydrated) return 'idle';
  if (!src) return 'failed';
  return state ?? 'loading';
}

function Dashboard({ settings }: { settings: SiteSettings }) {
  const url = safeHref(settings.dashboard_url);
  const script = useExternalScript(url ? safeHref(settings.dashboard_script_url) : undefined);
  const words = useWords();
  const link = url && (
    <p>
      <a href={url} target="_blank" rel="noopener noreferrer" className="button">
        {words.openDashboard}
        <NewTabNote />
      </a>
    </p>
  );
  if (!url) return <p>{words.dashboardMissing}</p>;
  if (script === 'failed')
    return (
      <>
        <p>{words.dashboardFailed}</p>
        {link}
      </>
    );
  return (
    <>
      {script === 'loading' && (
        <p role="status" className="loading">
          {words.loadingDashboard}
        </p>
      )}
      <div className="dashboard-frame">
        {createElement('tableau-viz', {
          src: url,
          toolbar: 'bottom',
          'hide-tabs': '',
          width: '100%',
          height: '800',
        })}
      </div>
      {link}
    </>
  );
}

export function DashboardPage() {
  const words = useWords();
  usePageTitle(words.dashboardTitle);
  const settings = useApi<SiteSettings>('globals.php');
  return (
    <div className="container page dashboard-page">
      <h1>{words.dashboardTitle}</h1>
      <Loadable
        state={settings}
        what={words.what.dashboard}
        logMessage="Error fetching dashboard settings"
        fallback={words.loading}
      >
        {(s) => <Dashboard settings={s} />}
      </Loadable>
    </div>
  );
}
