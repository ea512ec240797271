// After the restart, each media change of the round is whole or has left no trace. Whole: one commit
// on the branch (an upload into a draft: on the draft's ref) holding all its files and nothing else,
// with the bytes sent, and the restarted server lists and serves them (a replaced file serves the new
// bytes, a deleted one 404s, a description reads back). No trace: no commit names its files, the tree
// and the work tree hold them as before, and it is served as before. An acknowledged change must be
// whole. Beside them, for the round: the work tree's media/ holds exactly HEAD's files (no half-copied
// upload, no temporary file), private/uploads is empty, and the library the server lists is HEAD's.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { SiteClient } from './api.ts';
import { storedPattern, type MediaKind, type MediaOutcome } from './mediaChanges.ts';
import { bytesAt, commitsSince, filesAt, type CommitFiles, type TreeFile } from './siteGit.ts';
import { errorText } from './time.ts';
import type { MediaFileView, MediaPage } from '../../server/media/mediaLibrary.ts';
import { aboutPathOf, isAboutPath, serializeAbout } from '../../server/schema/mediaLibrary.ts';

export interface MediaFinding {
  label: string;
  kind: MediaKind;
  acknowledged: boolean;
  /** Its commit is on the branch (or the draft's ref) after the restart. */
  landed: boolean;
  /** What is wrong with it; empty when it is whole or has left no trace, and served as git holds it. */
  problems: string[];
}

/** What a change is checked against: git after the restart, the work tree, and the server's answers. */
interface Seen {
  site: string;
  /** The branch before the window opened. */
  before: string;
  head: Map<string, TreeFile>;
  headCommits: CommitFiles[];
  work: Set<string>;
  /** The admin's browser on the restarted server; null when it did not start. */
  admin: SiteClient | null;
  /** The live library as listed, by path (null: not listed, since the server did not start). */
  listed: Map<string, MediaFileView> | null;
}

const MEDIA = 'media';

/** Every file of the library as the server lists it (all pages), live or as a draft holds it. */
async function listAll(admin: SiteClient, draft?: string): Promise<Map<string, MediaFileView>> {
  const out = new Map<string, MediaFileView>();
  for (let page = 1; ; page++) {
    const res = await admin.call(
      'GET',
      `/api/media?per=100&sort=name&page=${page}${draft ? `&draft=${draft}` : ''}`,
    );
    if (res.status !== 200)
      throw new Error(`GET /api/media answered ${res.status}: ${res.text.slice(0, 200)}`);
    const { items, total } = res.body as unknown as MediaPage;
    for (const item of items) out.set(item.path, item);
    if (items.length === 0 || out.size >= total) return out;
  }
}

/** Files under the work tree's media/, as repository paths. */
async function workFiles(site: string): Promise<Set<string>> {
  const entries = await readdir(path.join(site, MEDIA), { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(site, path.join(e.parentPath, e.name)).split(path.sep).join('/')),
  );
}

/** A round's media changes, sent in its window. */
export interface MediaRound {
  site: string;
  dataDir: string;
  /** The branch before the window opened. */
  before: string;
  sent: MediaOutcome[];
}

/**
 * Checks the round's media changes and the library as a whole after the restart, through the admin's
 * browser on the restarted server (null when it did not start: git and the work tree only).
 */
export async function mediaFindings(
  { site, dataDir, before, sent: changes }: MediaRound,
  admin: SiteClient | null,
): Promise<{ media: MediaFinding[]; mediaProblems: string[] }> {
  const problems: string[] = [];
  let seen: Seen;
  try {
    const [head, headCommits, work, listed] = await Promise.all([
      filesAt(site, 'HEAD', MEDIA),
      commitsSince(site, before, 'HEAD'),
      workFiles(site),
      admin ? listAll(admin) : null,
    ]);
    seen = { site, before, head, headCommits, work, admin, listed };
  } catch (e) {
    const why = `the library could not be read after the restart: ${errorText(e)}`;
    const findings = changes.map((c) => ({ ...judged(c), landed: false, problems: [why] }));
    return { media: findings, mediaProblems: [why] };
  }
  for (const p of seen.work) if (!seen.head.has(p)) problems.push(`the work tree has ${p}, HEAD has not`);
  for (const p of seen.head.keys())
    if (!seen.work.has(p)) problems.push(`HEAD has ${p}, the work tree has not`);
  const uploads = await readdir(path.join(dataDir, 'private', 'uploads')).catch(() => []);
  if (uploads.length) problems.push(`private/uploads still holds ${uploads.join(', ')}`);
  if (seen.listed) {
    const files = [...seen.head].filter(([p]) => !isAboutPath(p));
    for (const [p, f] of files) {
      const shown = seen.listed.get(p);
      if (!shown) problems.push(`${p} is in HEAD but not listed`);
      else if (shown.bytes !== f.size)
        problems.push(`${p} is listed with ${shown.bytes} bytes, HEAD has ${f.size}`);
    }
    for (const p of seen.listed.keys())
      if (!seen.head.has(p)) problems.push(`${p} is listed but not in HEAD`);
  }
  const findings: MediaFinding[] = [];
  for (const c of changes) {
    try {
      findings.push(await CHECKS[c.kind](c, seen));
    } catch (e) {
      findings.push({ ...judged(c), landed: false, problems: [`could not be checked: ${errorText(e)}`] });
    }
  }
  return { media: findings, mediaProblems: problems };
}

const judged = (c: MediaOutcome) => ({ label: c.label, kind: c.kind, acknowledged: c.acknowledged });

/** The commits that changed any path `touches` accepts. */
const touching = (commits: CommitFiles[], touches: (p: string) => boolean) =>
  commits.filter((c) => c.files.some((f) => touches(f.path)));

/** What is wrong with the one commit a landed change should have made. */
function commitProblems(found: CommitFiles[], subject: string, files: string[]): string[] {
  if (found.length !== 1)
    return [`${found.length} commits hold it: ${found.map((c) => c.subject).join('; ')}`];
  const [c] = found;
  const out: string[] = [];
  if (c!.subject !== subject) out.push(`its commit reads "${c!.subject}", not "${subject}"`);
  const made = c!.files.map((f) => `${f.status} ${f.path}`).sort();
  if (made.join(',') !== [...files].sort().join(','))
    out.push(`its commit changed ${made.join(', ')}; expected ${[...files].sort().join(', ')}`);
  return out;
}

/** Served at `url`: the exact bytes (or a 404 when `bytes` is null). */
async function servedProblem(admin: SiteClient, url: string, bytes: Buffer | null): Promise<string | null> {
  const got = await admin.bytes(url);
  if (bytes === null) return got.status === 404 ? null : `${url} answers ${got.status}, not 404`;
  if (got.status !== 200) return `${url} answers ${got.status}`;
  return got.bytes.equals(bytes)
    ? null
    : `${url} serves ${got.bytes.length} other bytes, not the ${bytes.length} expected`;
}

const short = (p: string) => p.replace(/^media\//, '');
const notNull = <T>(x: T | null): x is T => x !== null;

/** An upload, live or into the photographer's draft. */
async function checkUpload(c: MediaOutcome, seen: Seen): Promise<MediaFinding> {
  const patterns = c.pictures.map((p) => storedPattern(p.name));
  const ours = (p: string) => patterns.some((re) => re.test(p));
  const problems: string[] = [];
  const rev = c.draftId ? `refs/drafts/${c.draftId}` : 'HEAD';
  const [tree, commits] = c.draftId
    ? await Promise.all([filesAt(seen.site, rev, MEDIA), commitsSince(seen.site, seen.before, rev)])
    : [seen.head, seen.headCommits];
  const found = touching(commits, ours);
  const stored = c.pictures.map((_, i) => [...tree.keys()].filter((p) => patterns[i]!.test(p)));
  // An upload into a draft never reaches the branch nor the work tree.
  if (c.draftId) {
    for (const p of [...seen.head.keys(), ...seen.work].filter(ours))
      problems.push(`${p} is on the live site`);
    problems.push(...touching(seen.headCommits, ours).map((h) => `the branch's "${h.subject}" holds it`));
  }
  if (found.length === 0 && stored.every((s) => s.length === 0)) {
    if (!c.draftId)
      for (const p of [...seen.work].filter(ours)) problems.push(`no commit, yet the work tree has ${p}`);
    if (c.acknowledged) problems.push(`acknowledged (${c.status}), but no commit on ${rev} holds its files`);
    return { ...judged(c), landed: false, problems };
  }
  const paths = stored.flat();
  problems.push(
    ...commitProblems(
      found,
      `media: upload ${c.pictures.length} files`,
      paths.map((p) => `A ${p}`),
    ),
    ...stored.flatMap((s, i) =>
      s.length === 1 ? [] : [`${rev} has ${s.length} files for ${c.pictures[i]!.name}`],
    ),
  );
  if (c.acknowledged && [...c.answered].sort().join() !== [...paths].sort().join())
    problems.push(`answered ${c.answered.join(', ')}, ${rev} has ${paths.join(', ')}`);
  const bytes = await bytesAt(seen.site, rev, paths);
  const single = stored.map((s, i) => [s[0], c.pictures[i]!.bytes] as const).filter(([p]) => p !== undefined);
  for (const [p, sent] of single)
    if (!bytes.get(p!)?.equals(sent)) problems.push(`${rev}'s ${p} is not the bytes sent`);
  if (seen.admin) {
    const listed = c.draftId ? await listAll(seen.admin, c.draftId) : seen.listed!;
    for (const [p, sent] of single) {
      const shown = listed.get(p!);
      if (!shown) problems.push(`${p} is not listed${c.draftId ? ' in the draft' : ''}`);
      // A draft's own version is served under its preview, to staff; the live address has none.
      const served = await Promise.all([
        servedProblem(seen.admin, shown?.src ?? `/${p}`, sent),
        c.draftId ? servedProblem(seen.admin, `/${p}`, null) : null,
      ]);
      problems.push(...served.filter(notNull));
    }
  }
  return { ...judged(c), landed: true, problems };
}

/** A description and focal point: the about file beside the picture. */
async function checkDescribe(c: MediaOutcome, seen: Seen): Promise<MediaFinding> {
  const about = aboutPathOf(c.path!);
  const found = touching(seen.headCommits, (p) => p === about);
  const landed = found.length > 0;
  const problems = landed ? commitProblems(found, `media: describe ${short(c.path!)}`, [`A ${about}`]) : [];
  const text = (await bytesAt(seen.site, 'HEAD', [about])).get(about) ?? null;
  const want = landed ? serializeAbout(c.about!) : null;
  if ((text?.toString('utf8') ?? null) !== want)
    problems.push(`HEAD's ${about} is ${text === null ? 'missing' : JSON.stringify(text.toString('utf8'))}`);
  const shown = seen.listed?.get(c.path!);
  if (seen.listed) {
    const [alt, focus] = landed ? [c.about!.alt, c.about!.focus] : ['', null];
    if (shown?.alt !== alt || JSON.stringify(shown.focus) !== JSON.stringify(focus))
      problems.push(`listed with ${JSON.stringify({ alt: shown?.alt, focus: shown?.focus })}`);
  }
  if (c.acknowledged && !landed) problems.push(`acknowledged (${c.status}), but no commit holds ${about}`);
  return { ...judged(c), landed, problems };
}

/** A replace (new bytes at the same path) or a delete of an unused file. */
async function checkReplaceOrDelete(c: MediaOutcome, seen: Seen): Promise<MediaFinding> {
  const p = c.path!;
  const replace = c.kind === 'replace';
  const found = touching(seen.headCommits, (f) => f === p);
  const landed = found.length > 0;
  const problems = landed
    ? commitProblems(found, `media: ${replace ? 'replace' : 'delete'} ${short(p)}`, [
        `${replace ? 'M' : 'D'} ${p}`,
      ])
    : [];
  const want = landed ? (replace ? c.pictures[0]!.bytes : null) : c.before!;
  const now = (await bytesAt(seen.site, 'HEAD', [p])).get(p) ?? null;
  if (want === null ? now !== null : !now?.equals(want)) {
    const expected = want === null ? 'gone' : landed ? 'the new bytes' : 'the old bytes';
    problems.push(`HEAD's ${p} is ${now === null ? 'gone' : `${now.length} bytes`}, expected ${expected}`);
  }
  if (seen.admin) {
    const served = await servedProblem(seen.admin, `/${p}`, want);
    if (served) problems.push(served);
    if ((want !== null) !== seen.listed!.has(p)) problems.push(`${p} is ${want ? 'not ' : ''}listed`);
  }
  if (c.acknowledged && !landed) problems.push(`acknowledged (${c.status}), but no commit changed ${p}`);
  return { ...judged(c), landed, problems };
}

const CHECKS: Record<MediaKind, (c: MediaOutcome, seen: Seen) => Promise<MediaFinding>> = {
  upload: checkUpload,
  draftUpload: checkUpload,
  describe: checkDescribe,
  replace: checkReplaceOrDelete,
  remove: checkReplaceOrDelete,
};
