// Which extras each entity has. Entities not listed use the generic section as declared.
import type { entities } from '../../../../server/schema/registry.ts';
import { bannerExtras, siteSettingsExtras } from './banner.tsx';
import { contactMessageExtras } from './contactMessage.tsx';
import { eventCardExtras } from './eventCard.tsx';
import { majorEventExtras } from './majorEvent.tsx';
import { navigationExtras } from './navigation.tsx';
import { newsExtras } from './news.tsx';
import { pageExtras } from './page.tsx';
import { paperExtras } from './paper.tsx';
import {
  aboutTextExtras,
  educatorButtonExtras,
  educatorTextsExtras,
  eventDropdownExtras,
  footerExtras,
  homePageExtras,
  languagesExtras,
  policyTextExtras,
  profileExtras,
  redirectsExtras,
  resourceExtras,
  spotlightExtras,
  statePolicyExtras,
  workshopScheduleExtras,
} from './simple.ts';
import type { EntityExtras } from './types.ts';

/** Keyed by the registry's keys, so a renamed or removed entity is a compile error here. */
export const extrasByEntity = {
  eventCard: eventCardExtras,
  majorEvent: majorEventExtras,
  eventDropdown: eventDropdownExtras,
  workshopSchedule: workshopScheduleExtras,
  banner: bannerExtras,
  siteSettings: siteSettingsExtras,
  news: newsExtras,
  paper: paperExtras,
  footer: footerExtras,
  policyText: policyTextExtras,
  aboutText: aboutTextExtras,
  profile: profileExtras,
  spotlightSlide: spotlightExtras,
  educatorTexts: educatorTextsExtras,
  educatorButton: educatorButtonExtras,
  resource: resourceExtras,
  homePage: homePageExtras,
  statePolicy: statePolicyExtras,
  redirects: redirectsExtras,
  contactMessage: contactMessageExtras,
  page: pageExtras,
  navigation: navigationExtras,
  languages: languagesExtras,
} satisfies Record<keyof typeof entities, EntityExtras>;
