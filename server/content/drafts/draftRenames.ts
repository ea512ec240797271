// Renamed pages in a draft's merge. Event cards name their page by its header (the page entity's
// `namedBy` link); a save that renames a page takes its cards along in the same commit (its `carry`
// rule), but only the cards its own side holds. Between a draft and the live site that moved on, a
// rename made on one side has to reach the cards of the other:
// - a card the draft adds to (or moves onto) a page the live site renamed meanwhile lands on the
//   renamed page, not under a header no page has any more;
// - cards the live site adds to a page the draft renames follow the draft's new name;
// - a page renamed differently on both sides is one conflict, the page's header: its cards follow
//   whichever name is kept, and are not asked about one by one.
// Every name a page had on any side (as the draft began, in the draft, live now) stands for the
// name the merge keeps, unless another page has that name now (then cards naming it may be that
// page's, as the carry rule has it).
import type { EntityDef, NameLink } from '../../schema/define.ts';
import { siteEntities } from '../../schema/registry.ts';

type Data = Record<string, unknown>;

/** One page on each side: as the draft began, in the draft, live now, and as the merge keeps it. */
export interface PageSides {
  id: string;
  before: Data | null;
  mine: Data | null;
  theirs: Data | null;
  merged: Data | null;
}

/** The names the items of one linking entity (event cards) follow. */
export interface Renames {
  link: NameLink;
  /** Any name a page had on a side → the name kept: for the items the draft holds. */
  names: Map<string, string>;
  /**
   * The live site's name of a page the draft renames → the name kept: for live items the draft
   * never changed (they knew the page only by its live name).
   */
  liveNames: Map<string, string>;
}

/** The entities whose items others name (event pages), with their links. */
export const namedEntities = (): { def: EntityDef; link: NameLink }[] =>
  siteEntities.flatMap((def) => (def.rules?.namedBy ? [{ def, link: def.rules.namedBy }] : []));

/**
 * The renames to follow, from the pages that changed on some side, given every page's name in the
 * merged result (`current`, the renamed pages' kept names included).
 */
export function renamesOf(link: NameLink, pages: PageSides[], current: string[]): Renames {
  const taken = new Set(current);
  const names = new Map<string, string>();
  const liveNames = new Map<string, string>();
  const ambiguous = new Set<string>();
  const nameOf = (data: Data | null) => {
    const name = data?.[link.field];
    return typeof name === 'string' && name ? name : null;
  };
  const add = (map: Map<string, string>, from: string, to: string) => {
    if (map.has(from) && map.get(from) !== to) ambiguous.add(from);
    map.set(from, to);
  };
  for (const page of pages) {
    const kept = nameOf(page.merged);
    if (!kept) continue; // removed, or nameless: nothing to follow
    for (const side of [page.before, page.mine, page.theirs]) {
      const name = nameOf(side);
      if (!name || name === kept || taken.has(name)) continue;
      add(names, name, kept);
      if (side === page.theirs) add(liveNames, name, kept);
    }
  }
  // Two pages that had one name, now named apart: which one a card meant cannot be told.
  for (const name of ambiguous) {
    names.delete(name);
    liveNames.delete(name);
  }
  return { link, names, liveNames };
}

/** The item naming its page by the name kept, when it named it by another of the page's names. */
export function follow(data: Data | null, link: NameLink, names: Map<string, string>): Data | null {
  const name = data?.[link.as];
  const kept = typeof name === 'string' ? names.get(name) : undefined;
  return kept === undefined ? data : { ...data, [link.as]: kept };
}
