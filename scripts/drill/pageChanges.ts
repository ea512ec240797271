// Staff's pages and the menus in the crash drill (issue 34). Each round, inside the same kill window as
// the saves: the admin makes a page, renames another (made before the window, with a page under it) and
// saves the menus. A rename is the page change with the most in one commit: the page, its sub-page
// moved along and the Redirects page's two new lines. After the restart each change must be whole or
// have left no trace, in git and in what the restarted server answers (the page at its address, the
// old address's 301, the menus); an acknowledged one must be whole. A spreadsheet import of two news
// items (issue 37) goes in the same window: both items in one commit, or neither.
import type { SiteClient } from './api.ts';
import { commitsSince, filesAt, readAt, type CommitFiles } from './siteGit.ts';
import { errorText } from './time.ts';

export const PAGE_CHANGES = {
  create: 'page made',
  rename: 'page renamed',
  menus: 'menus saved',
  translate: 'page translated',
  import: 'spreadsheet imported',
} as const;
export type PageKind = keyof typeof PAGE_CHANGES;

const PAGES = 'content/pages';
const REDIRECTS = 'content/site/redirects.md';
const NAVIGATION = 'content/site/navigation.md';
const pageFile = (id: string) => `${PAGES}/${id}.md`;

export interface PlannedPage {
  kind: PageKind;
  label: string;
  round: number;
  /** A rename's page and the page under it, made before the window (a translation's: the sub-page). */
  ids?: { page: string; sub: string };
  /** The menus as they were before the window (a menus save adds this round's footer link). */
  menus?: { header: unknown[]; footer: { label: string; link: string }[] };
}

export interface PageOutcome extends PlannedPage {
  acknowledged: boolean;
  status?: number;
  error?: string;
  /** A made page's id, when the answer named it. */
  id?: string;
}

export interface PageFinding {
  label: string;
  kind: PageKind;
  acknowledged: boolean;
  landed: boolean;
  problems: string[];
}

const addresses = (round: number) => ({
  made: `/drill-r${round}-new`,
  from: `/drill-r${round}`,
  to: `/drill-r${round}-moved`,
});
const footerWords = (round: number) => `Drill r${round}`;
/** The Spanish title a round gives its sub-page (issue 36): a file of its own beside the page's. */
const spanishTitle = (round: number) => `Página del simulacro r${round}`;
const translationFile = (id: string) => `${PAGES}/${id}.es.md`;
const NEWS = 'content/news';
/** The two news items a round's import makes, by title. */
const importedTitles = (round: number) => [`Drill r${round} imported one`, `Drill r${round} imported two`];
const sections = (round: number) => [
  { type: 'text', body: `## Round ${round}\n\nMade by the crash drill.` },
  { type: 'buttons', items: [{ label: 'News', link: '/news' }] },
];

/** Before the window: the page to rename and the page under it, and the menus as they are. */
export async function preparePages(admin: SiteClient, round: number): Promise<PlannedPage[]> {
  const { from } = addresses(round);
  const make = async (title: string, path: string) => {
    const res = await admin.call('POST', '/api/pages', { title, path, sections: sections(round) });
    if (res.status !== 201)
      throw new Error(`making ${path} answered ${res.status}: ${res.text.slice(0, 200)}`);
    return String((res.body as { id?: unknown }).id);
  };
  const page = await make(`Drill r${round} page`, from);
  const sub = await make(`Drill r${round} sub-page`, `${from}/sub`);
  const nav = await admin.call('GET', '/api/navigation?shape=typed');
  if (nav.status !== 200) throw new Error(`GET /api/navigation answered ${nav.status}`);
  const menus = nav.body as unknown as NonNullable<PlannedPage['menus']>;
  const label = (kind: PageKind) => `r${round} ${PAGE_CHANGES[kind]}`;
  return [
    { kind: 'create', label: label('create'), round },
    { kind: 'rename', label: label('rename'), round, ids: { page, sub } },
    { kind: 'menus', label: label('menus'), round, menus },
    { kind: 'translate', label: label('translate'), round, ids: { page, sub } },
    { kind: 'import', label: label('import'), round },
  ];
}

/** Sends one page change; settles with its outcome (never rejects). */
export async function sendPage(admin: SiteClient, change: PlannedPage): Promise<PageOutcome> {
  const { made, to } = addresses(change.round);
  try {
    const res =
      change.kind === 'create'
        ? await admin.call('POST', '/api/pages', {
            title: `Drill r${change.round} new page`,
            path: made,
            sections: sections(change.round),
          })
        : change.kind === 'rename'
          ? await admin.call('PUT', `/api/pages?id=${change.ids!.page}`, {
              title: `Drill r${change.round} page`,
              path: to,
              sections: sections(change.round),
            })
          : change.kind === 'translate'
            ? await admin.call('PUT', `/api/pages?id=${change.ids!.sub}&lang=es`, {
                title: spanishTitle(change.round),
              })
            : change.kind === 'import'
              ? await admin.call(
                  'POST',
                  '/api/import?entity=news&format=json&name=drill.json',
                  importedTitles(change.round).map((title) => ({
                    title,
                    what: 'Imported by the crash drill.',
                  })),
                )
              : await admin.call('PUT', '/api/navigation', {
                  header: change.menus!.header,
                  // Earlier rounds' links give way, so the footer stays within its limit.
                  footer: [
                    ...change.menus!.footer.filter((l) => !l.label.startsWith('Drill r')),
                    { label: footerWords(change.round), link: '/news' },
                  ],
                });
    const acknowledged = res.status >= 200 && res.status < 300;
    const id = (res.body as { id?: unknown } | null)?.id;
    return {
      ...change,
      acknowledged,
      status: res.status,
      ...(acknowledged && (typeof id === 'string' || typeof id === 'number') ? { id: String(id) } : {}),
      ...(acknowledged ? {} : { error: res.text.slice(0, 300) }),
    };
  } catch (e) {
    return { ...change, acknowledged: false, error: errorText(e) };
  }
}

/** The page the restarted server answers at an address (its id), or null; throws when it cannot say. */
async function servedAt(admin: SiteClient, path: string): Promise<string | null> {
  const res = await admin.call('GET', `/api/pages?path=${path}&shape=typed`);
  if (res.status !== 200) throw new Error(`GET /api/pages?path=${path} answered ${res.status}`);
  const list = res.body as { id: string }[];
  return list.length ? String(list[0]!.id) : null;
}

/** Where the restarted server sends a visitor of `path` (a 301's location), or null. */
async function movedTo(admin: SiteClient, path: string): Promise<string | null> {
  const res = await fetch(admin.url + path, { redirect: 'manual' });
  await res.arrayBuffer();
  return res.status === 301 ? res.headers.get('location') : null;
}

const pathLine = (file: string | null | undefined) => /^path: (.*)$/m.exec(file ?? '')?.[1]?.trim();

/**
 * Judges the round's page changes after the restart: git (HEAD and the commits since `before`), then,
 * when the server started, what it answers.
 */
export async function pageFindings(
  site: string,
  before: string,
  sent: PageOutcome[],
  admin: SiteClient | null,
): Promise<PageFinding[]> {
  let commits: CommitFiles[];
  let files: Map<string, string | null>;
  let navBefore: string | null;
  try {
    commits = await commitsSince(site, before, 'HEAD');
    const pages = [...(await filesAt(site, 'HEAD', PAGES)).keys()];
    const translations = sent.flatMap((c) => (c.kind === 'translate' ? [translationFile(c.ids!.sub)] : []));
    const news = sent.some((c) => c.kind === 'import') ? [...(await filesAt(site, 'HEAD', NEWS)).keys()] : [];
    files = await readAt(site, 'HEAD', [...pages, REDIRECTS, NAVIGATION, ...translations, ...news]);
    navBefore = (await readAt(site, before, [NAVIGATION])).get(NAVIGATION) ?? null;
  } catch (e) {
    const why = `git could not be read after the restart: ${errorText(e)}`;
    return sent.map((c) => ({ ...head(c), landed: false, problems: [why] }));
  }
  const touching = (path: string) => commits.filter((c) => c.files.some((f) => f.path === path));
  const out: PageFinding[] = [];
  for (const change of sent) {
    const problems: string[] = [];
    const { made, from, to } = addresses(change.round);
    let landed = false;
    try {
      if (change.kind === 'create') {
        const at = [...files].filter(([p, text]) => p.startsWith(`${PAGES}/`) && pathLine(text) === made);
        landed = at.length > 0;
        if (at.length > 1) problems.push(`HEAD has ${at.length} pages at ${made}`);
        if (landed) {
          const [file] = at[0]!;
          const adding = touching(file);
          if (adding.length !== 1 || adding[0]!.files.length !== 1 || adding[0]!.files[0]!.status !== 'A')
            problems.push(`${file} did not come in one commit of its own: ${JSON.stringify(adding)}`);
          if (change.id && file !== pageFile(change.id))
            problems.push(`the answer named page ${change.id}, HEAD has it as ${file}`);
        }
        if (admin) {
          const served = await servedAt(admin, made);
          if (landed && served === null) problems.push(`${made} is in HEAD but not served`);
          if (!landed && served !== null) problems.push(`${made} is served (page ${served}) but not in HEAD`);
        }
      } else if (change.kind === 'rename') {
        const { page, sub } = change.ids!;
        const [pageAt, subAt] = [pathLine(files.get(pageFile(page))), pathLine(files.get(pageFile(sub)))];
        const rules = (files.get(REDIRECTS) ?? '').split('\n').map((l) => l.trim());
        const lines = [`${from} ${to}`, `${from}/sub ${to}/sub`];
        landed = pageAt === to;
        const parts = {
          [`page ${page} at ${to}`]: pageAt === to,
          [`page ${sub} at ${to}/sub`]: subAt === `${to}/sub`,
          [`redirect ${lines[0]}`]: rules.includes(lines[0]!),
          [`redirect ${lines[1]}`]: rules.includes(lines[1]!),
        };
        const there = Object.entries(parts).filter(([, ok]) => ok);
        if (there.length !== 0 && there.length !== 4)
          problems.push(
            `half there: ${Object.entries(parts)
              .map(([k, ok]) => `${k} ${ok ? 'yes' : 'no'}`)
              .join(', ')}`,
          );
        if (!landed && pageAt !== from) problems.push(`page ${page} is at ${String(pageAt)}`);
        const moves = touching(pageFile(page));
        if (landed) {
          const files = new Set(moves[0]?.files.map((f) => f.path));
          if (
            moves.length !== 1 ||
            ![pageFile(sub), REDIRECTS].every((f) => files.has(f)) ||
            files.size !== 3
          )
            problems.push(
              `the rename is not one commit of the page, its sub-page and the redirects: ${JSON.stringify(moves)}`,
            );
        } else if (moves.length)
          problems.push(`commits since the window touch page ${page}: ${JSON.stringify(moves)}`);
        if (admin) {
          const [atNew, atOld, sent301] = await Promise.all([
            servedAt(admin, to),
            servedAt(admin, from),
            movedTo(admin, from),
          ]);
          const want = landed
            ? { atNew: page, atOld: null, sent301: to }
            : { atNew: null, atOld: page, sent301: null };
          const got = { atNew, atOld, sent301 };
          if (JSON.stringify(got) !== JSON.stringify(want))
            problems.push(`served ${JSON.stringify(got)}, git says ${JSON.stringify(want)}`);
        }
      } else if (change.kind === 'translate') {
        const { sub } = change.ids!;
        const file = translationFile(sub);
        landed = (files.get(file) ?? '').includes(`title: ${spanishTitle(change.round)}\n`);
        const saves = touching(file);
        if (landed && (saves.length !== 1 || saves[0]!.files.length !== 1))
          problems.push(`the translation did not come in one commit of its own: ${JSON.stringify(saves)}`);
        if (!landed && saves.length)
          problems.push(`commits since the window touch ${file}: ${JSON.stringify(saves)}`);
        if (admin) {
          const res = await admin.call('GET', `/api/pages?id=${sub}&lang=es&shape=typed`);
          const item = res.body as { title?: string; lang?: string } | null;
          const shown = item?.title === spanishTitle(change.round) && item.lang === 'es';
          if (res.status !== 200 || shown !== landed)
            problems.push(
              `GET /api/pages?id=${sub}&lang=es (${res.status}) ${shown ? 'shows' : 'does not show'} the Spanish title; HEAD ${landed ? 'has' : 'has not'}`,
            );
        }
      } else if (change.kind === 'import') {
        const titles = importedTitles(change.round);
        const at = titles.map(
          (t) =>
            [...files].find(([p, text]) => p.startsWith(`${NEWS}/`) && text?.includes(`title: ${t}\n`))?.[0],
        );
        landed = at.every(Boolean);
        if (!landed && at.some(Boolean)) problems.push(`half there: ${JSON.stringify(at)}`);
        if (landed) {
          const adding = touching(at[0]!);
          const paths = new Set(adding[0]?.files.map((f) => f.path));
          if (adding.length !== 1 || paths.size !== 2 || !paths.has(at[1]!))
            problems.push(`the import is not one commit of its two items: ${JSON.stringify(adding)}`);
        }
        if (admin) {
          const res = await admin.call('GET', '/api/news.php?shape=typed');
          const listed = ((res.body as { title?: string }[] | null) ?? []).map((n) => n.title);
          const shown = titles.filter((t) => listed.includes(t)).length;
          if (res.status !== 200 || shown !== (landed ? 2 : 0))
            problems.push(
              `GET /api/news.php (${res.status}) shows ${shown} of the two; HEAD ${landed ? 'has' : 'has not'} them`,
            );
        }
      } else {
        const nav = files.get(NAVIGATION) ?? '';
        landed = nav.includes(`label: ${footerWords(change.round)}\n`);
        const saves = touching(NAVIGATION);
        if (landed && (saves.length !== 1 || saves[0]!.files.length !== 1))
          problems.push(`the menus did not come in one commit of their own: ${JSON.stringify(saves)}`);
        if (!landed && (saves.length || nav !== navBefore))
          problems.push('the menus changed since the window, without this round’s link');
        if (admin) {
          const res = await admin.call('GET', '/api/navigation?shape=typed');
          const footer = (res.body as { footer?: { label: string }[] } | null)?.footer ?? [];
          const shown = footer.some((l) => l.label === footerWords(change.round));
          if (res.status !== 200 || shown !== landed)
            problems.push(
              `GET /api/navigation (${res.status}) ${shown ? 'shows' : 'does not show'} the link; HEAD ${landed ? 'has' : 'has not'}`,
            );
        }
      }
    } catch (e) {
      problems.push(`could not be checked: ${errorText(e)}`);
    }
    if (change.acknowledged && !landed) problems.push('acknowledged, but not in HEAD');
    out.push({ ...head(change), landed, problems });
  }
  return out;
}

const head = (c: PageOutcome) => ({ label: c.label, kind: c.kind, acknowledged: c.acknowledged });
