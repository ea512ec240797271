// Every entity of the site, declared once. The store, index, routes and admin forms iterate this.
import type { CollectionDef, EntityDef, SingletonDef } from './define.ts';
import { aboutText } from './entities/aboutText.ts';
import { banner } from './entities/banner.ts';
import { contactMessage } from './entities/contactMessage.ts';
import { educatorButton } from './entities/educatorButton.ts';
import { educatorTexts } from './entities/educatorTexts.ts';
import { eventCard } from './entities/eventCard.ts';
import { eventDropdown } from './entities/eventDropdown.ts';
import { footer } from './entities/footer.ts';
import { homePage } from './entities/homePage.ts';
import { languages } from './entities/languages.ts';
import { majorEvent } from './entities/majorEvent.ts';
import { navigation } from './entities/navigation.ts';
import { news } from './entities/news.ts';
import { page } from './entities/page.ts';
import { paper } from './entities/paper.ts';
import { policyText } from './entities/policyText.ts';
import { profile } from './entities/profile.ts';
import { redirects } from './entities/redirects.ts';
import { resource } from './entities/resource.ts';
import { siteSettings } from './entities/siteSettings.ts';
import { spotlightSlide } from './entities/spotlightSlide.ts';
import { statePolicy } from './entities/statePolicy.ts';
import { workshopSchedule } from './entities/workshopSchedule.ts';

export const entities = {
  eventCard,
  majorEvent,
  eventDropdown,
  workshopSchedule,
  banner,
  siteSettings,
  news,
  paper,
  footer,
  policyText,
  aboutText,
  profile,
  spotlightSlide,
  educatorTexts,
  educatorButton,
  resource,
  homePage,
  statePolicy,
  redirects,
  page,
  navigation,
  languages,
  contactMessage,
} as const;

export const allEntities: EntityDef[] = Object.values(entities);
export const siteEntities = allEntities.filter((e) => e.storage !== 'private');
export const collections = siteEntities.filter((e): e is CollectionDef => e.type === 'collection');
export const singletons = siteEntities.filter((e): e is SingletonDef => e.type === 'singleton');

export const entityByName = new Map(allEntities.map((e) => [e.name, e]));

/** Repository-relative path of an item's file. */
export const itemPath = (def: EntityDef, id?: string) =>
  def.type === 'collection' ? `content/${def.folder}/${id}.md` : `content/${def.file}.md`;

const byFile = new Map<string, EntityDef>();
const byFolder = new Map<string, EntityDef>();
for (const def of siteEntities) {
  if (def.type === 'singleton') byFile.set(`content/${def.file}.md`, def);
  else byFolder.set(`content/${def.folder}`, def);
}

/** Which entity (and id) a repository path belongs to, or null. */
export function entityForPath(path: string): { def: EntityDef; id: string } | null {
  const single = byFile.get(path);
  if (single) return { def: single, id: '1' };
  const cut = path.lastIndexOf('/');
  const def = byFolder.get(path.slice(0, cut));
  const m = def ? /^(\d+)\.md$/.exec(path.slice(cut + 1)) : null;
  return def && m ? { def, id: m[1]! } : null;
}

/** Repository-relative path of an item's translation into `lang`: `content/news/5.es.md`. */
export const translationPath = (def: EntityDef, lang: string, id?: string) =>
  itemPath(def, id).replace(/\.md$/, `.${lang}.md`);

/**
 * Which item a translation file translates, and into which language: `content/news/5.es.md` → news 5,
 * es; `content/site/home.es.md` → the home page, es. Null for any other path (items' own files too).
 */
export function translationForPath(path: string): { def: EntityDef; id: string; lang: string } | null {
  const m = /^(.+)\.([a-z]{2})\.md$/.exec(path);
  if (!m) return null;
  const owner = entityForPath(`${m[1]}.md`);
  return owner ? { ...owner, lang: m[2]! } : null;
}
