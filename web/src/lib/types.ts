// Item shapes the web app reads: stored names and values (booleans, readable names, ISO dates) as
// the read model sends them to its own app (page data, `?shape=typed`), media as /media/ URLs.
// Derived from the entity declarations, so a field renamed or retyped there is a compile error here.
// Type-only imports: no server code reaches the bundle.
import type { Stored } from '../../../server/schema/define.ts';
import type { entities } from '../../../server/schema/registry.ts';

type Entities = typeof entities;
type Item<K extends keyof Entities> = Stored<Entities[K]['fields']> & {
  id: string;
  version: string;
  /** What language it came in, when the page asked for one (?lang=es): 'en' while not translated. */
  lang?: string;
};

export type EventCard = Item<'eventCard'>;
export type MajorEvent = Item<'majorEvent'>;
export type EventDropdown = Item<'eventDropdown'>;
export type WorkshopSchedule = Item<'workshopSchedule'>;
export type Banner = Item<'banner'>;
export type SiteSettings = Item<'siteSettings'>;
export type NewsItem = Item<'news'>;
export type Paper = Item<'paper'>;
export type Footer = Item<'footer'>;
export type PolicyText = Item<'policyText'>;
export type AboutText = Item<'aboutText'>;
export type Profile = Item<'profile'>;
export type SpotlightSlide = Item<'spotlightSlide'>;
export type EducatorTexts = Item<'educatorTexts'>;
export type EducatorButton = Item<'educatorButton'>;
export type Resource = Item<'resource'>;
export type HomePage = Item<'homePage'>;
export type StatePolicy = Item<'statePolicy'>;
