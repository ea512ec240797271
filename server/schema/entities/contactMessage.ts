import { defineCollection, newestFirst } from '../define.ts';
import { markdown, text } from '../textFields.ts';
import { emailProblem } from '../email.ts';
import { INCOMPLETE } from '../site/contactForm.ts';

export const CONTACT_INCOMPLETE = INCOMPLETE;

/** Kept under CMS_DATA_DIR/private, never in the site repository. */
export const contactMessage = defineCollection({
  name: 'messages',
  label: 'Messages',
  folder: 'messages',
  itemNoun: 'this message',
  storage: 'private',
  body: 'contact',
  fields: {
    name: text('Name', { required: CONTACT_INCOMPLETE, max: 200 }),
    title: text('Title', { required: CONTACT_INCOMPLETE, max: 200 }),
    employer: text('Employer/Affiliation/Organization', { max: 200 }),
    // Must also be an address (rules.fieldChecks): checked on what a visitor sends, by the form and
    // the one operation, not on stored messages, so ones kept before the check still list.
    email: text('Email', { required: CONTACT_INCOMPLETE, max: 320 }),
    contact: markdown('How can we help you?', { required: CONTACT_INCOMPLETE, max: 10_000 }),
    received: text('Received'),
  },
  order: newestFirst('received'),
  rules: { fieldChecks: { email: (value) => emailProblem(typeof value === 'string' ? value : '') } },
  legacy: { endpoint: 'handle_form.php' },
  admin: {
    route: '/MessagesAdminPage',
    description: 'Messages sent through the contact form.',
    titleField: 'name',
  },
});
