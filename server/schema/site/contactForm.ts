// The contact form's words and shapes, shared by the form in the browser (web/src/site/layout/
// ContactForm.tsx) and handle_form.php's answer without JavaScript (server/http/routes/
// contactRoutes.ts), which draws the contact page with the outcome.
// Plain TypeScript with no import of the entity or zod: the public site's bundle carries it.

export interface ContactForm {
  name: string;
  title: string;
  employer: string;
  email: string;
  contact: string;
}

/** A field's problem; INCOMPLETE marks a missing field, told by the form's status line. */
export type FieldErrors = Partial<Record<keyof ContactForm, string>>;

/** What a post of the form without JavaScript came to: shown by the page the server answers with. */
export interface ContactOutcome {
  form: ContactForm;
  errors: FieldErrors;
  /** The form's status line (INCOMPLETE or another refusal), or SENT. */
  message: string;
  sent: boolean;
}

/** The words for a missing field (the old site's), for the form and the server alike. */
export const INCOMPLETE = 'Please fill all fields';
export const SENT = 'Form submitted successfully!';
export const CHECK_FORM_MESSAGE = 'Please check the form and send it again.';
/** More messages than the site takes in an hour, from everyone together (429). */
export const CONTACT_BUSY =
  'We are getting more messages than usual and cannot take yours right now. Please try again later, or email us directly.';
/** The room set aside for messages is full (507): nothing more is kept until staff make room. */
export const CONTACT_FULL =
  'We cannot take more messages through this form right now. Please email us directly.';

/** The contact page (the popup's form without JavaScript). */
export const CONTACT_PATH = '/contact';
export const CONTACT_ACTION = '/api/handle_form.php';
