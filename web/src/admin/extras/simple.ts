// Entities whose generic section needs only a heading or a wording of the spec.
import type { EntityExtras } from './types.ts';

export const aboutTextExtras: EntityExtras = { heading: 'Mission and values' };
export const profileExtras: EntityExtras = {
  heading: 'Profiles',
  addLabel: 'Add a profile',
  editInModal: true,
  intro: 'Listed by the last word of the name, as on the About page.',
};
export const eventDropdownExtras: EntityExtras = {
  heading: 'Dropdown events',
  addLabel: 'Add a dropdown event',
};
export const workshopScheduleExtras: EntityExtras = { heading: 'Workshop schedule image' };
export const educatorTextsExtras: EntityExtras = { heading: 'Texts around the main button' };
export const educatorButtonExtras: EntityExtras = { heading: 'Main button' };
export const resourceExtras: EntityExtras = { heading: 'Resources', addLabel: 'Add a resource' };
export const spotlightExtras: EntityExtras = { heading: 'Spotlight slides', addLabel: 'Add a slide' };
export const homePageExtras: EntityExtras = {
  heading: 'Home page text',
  intro: 'Each text shows its preview under it, as on the home page.',
};
export const footerExtras: EntityExtras = { heading: 'Legal notice' };
export const redirectsExtras: EntityExtras = { heading: 'Redirects' };
export const policyTextExtras: EntityExtras = { heading: 'Policy text' };
export const statePolicyExtras: EntityExtras = {
  heading: 'State policy cards',
  addLabel: 'Add a policy card',
};
export const languagesExtras: EntityExtras = {
  heading: 'Languages',
  intro:
    'English comes first: every item is written in English. Each language below it gets its own pages (Spanish at /es/…), showing English wherever nothing is translated yet.',
};
