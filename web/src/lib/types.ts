// Wire shapes of the documented read endpoints, derived from the entity declarations so a field
// renamed there is a compile error here. Type-only imports: no server code reaches the bundle.
import type { entities } from '../../../server/schema/registry.ts';

type Entities = typeof entities;
type WireOf<K extends keyof Entities> = { [F in keyof Entities[K]['fields']]: string };
type Item<K extends keyof Entities> = WireOf<K> & { id: string; version: string };

export type EventCard = Item<'eventCard'>;
export type MajorEvent = Item<'majorEvent'>;
export type EventDropdown = Item<'eventDropdown'>;
export type WorkshopSchedule = Item<'workshopSchedule'>;
export type Banner = Item<'banner'>;
export type SiteSettings = Item<'siteSettings'>;
export type NewsItem = Item<'news'>;
/** Papers' wire renames publication_date → publicationDate (DD/MM/YYYY). */
export type Paper = Omit<Item<'paper'>, 'publication_date'> & { publicationDate: string };
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

export interface ContactForm {
  name: string;
  title: string;
  employer: string;
  email: string;
  contact: string;
}
