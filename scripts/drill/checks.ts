// The checks made after each restart, each returning what it found wrong (empty/null when fine).
import type { SiteClient } from './api.ts';
import type { SaveOutcome } from './saves.ts';
import { newsAtHead, newsPath, readAt } from './siteGit.ts';
import { errorText } from './time.ts';

export interface LostSave {
  label: string;
  kind: SaveOutcome['kind'];
  id?: string;
  marker: string;
  why: string;
}

/** Acknowledged saves whose marker is not in HEAD (an acknowledged delete: whose file still is). */
export async function lostSaves(site: string, saves: SaveOutcome[]): Promise<LostSave[]> {
  const acked = saves.filter((s) => s.acknowledged);
  const lost = (s: SaveOutcome, why: string): LostSave => ({
    label: s.label,
    kind: s.kind,
    id: s.id,
    marker: s.marker,
    why,
  });
  const withId = acked.filter((s) => s.id !== undefined);
  const lostList = acked.filter((s) => s.id === undefined).map((s) => lost(s, 'the 2xx answer named no id'));
  // A save into a draft is kept in the draft's ref; everything else (a publish too) in HEAD.
  const revOf = (s: SaveOutcome) => (s.kind === 'draft-save' ? `refs/drafts/${s.draftId}` : 'HEAD');
  for (const rev of new Set(withId.map(revOf))) {
    const here = withId.filter((s) => revOf(s) === rev);
    let files: Map<string, string | null>;
    try {
      files = await readAt(
        site,
        rev,
        here.map((s) => newsPath(s.id!)),
      );
    } catch (e) {
      lostList.push(...here.map((s) => lost(s, `${rev} could not be read: ${errorText(e)}`)));
      continue;
    }
    for (const s of here) {
      const file = files.get(newsPath(s.id!));
      if (s.kind === 'delete') {
        if (file !== null && file !== undefined)
          lostList.push(lost(s, `${rev} still has ${newsPath(s.id!)}`));
        continue;
      }
      if (file === null || file === undefined) lostList.push(lost(s, `${rev} has no ${newsPath(s.id!)}`));
      else if (!file.includes(s.marker))
        lostList.push(lost(s, `${rev}'s ${newsPath(s.id!)} lacks the marker`));
    }
  }
  return lostList;
}

/** Why GET /api/health is not `ok: true`, or null. */
export async function healthProblem(client: SiteClient): Promise<string | null> {
  try {
    const res = await client.call('GET', '/api/health');
    const body = res.body && !Array.isArray(res.body) ? res.body : {};
    if (res.status === 200 && body.ok === true) return null;
    return `GET /api/health answered ${res.status}: ${res.text.slice(0, 500)}`;
  } catch (e) {
    return `GET /api/health failed: ${errorText(e)}`;
  }
}

/** Differences between the served news list and the news items in HEAD (ids and titles). */
export async function servedMismatches(client: SiteClient, site: string): Promise<string[]> {
  let head: Map<string, string>;
  let served: Map<string, string>;
  try {
    head = await newsAtHead(site);
  } catch (e) {
    return [`HEAD could not be read: ${errorText(e)}`];
  }
  try {
    served = new Map((await client.news()).map((n) => [n.id, n.title]));
  } catch (e) {
    return [`the news list could not be read: ${errorText(e)}`];
  }
  const problems: string[] = [];
  for (const [id, title] of head) {
    const shown = served.get(id);
    if (shown === undefined) problems.push(`news ${id} is in HEAD but not served`);
    else if (shown !== title) {
      problems.push(`news ${id} is served as ${JSON.stringify(shown)}, HEAD has ${JSON.stringify(title)}`);
    }
  }
  for (const [id, title] of served) {
    if (!head.has(id)) problems.push(`news ${id} ${JSON.stringify(title)} is served but not in HEAD`);
  }
  return problems;
}
