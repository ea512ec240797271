// The contact form (spec §2, §5, §8 as settled by DESIGN decision 2), in the popup and on the
// contact page: Name, Title and Email and the message are required ('Please fill all fields',
// nothing sent), and the email must be an address (server/schema/email.ts, the rule handle_form.php
// runs too); the success message shows only when the server kept the message; on failure the input
// is kept. A field's own problem is shown beside it, whether the form or the server found it.
// Without JavaScript the browser posts the same form to handle_form.php, which answers with the
// contact page showing the outcome (`initial`).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { emailProblem } from '../../../../server/schema/email.ts';
import { ApiError, postJson } from '../../lib/api.ts';
import {
  CHECK_FORM_MESSAGE as CHECK_FORM,
  CONTACT_ACTION,
  CONTACT_BUSY,
  CONTACT_FULL,
  INCOMPLETE,
  SENT,
  type ContactForm,
  type ContactOutcome,
  type FieldErrors,
} from '../../../../server/schema/site/contactForm.ts';
import { useWords } from '../words/useWords.ts';
import type { Words } from '../words/en.ts';
import { useInLanguage } from '../language/siteLanguage.tsx';

type Key = keyof ContactForm;

export const empty: ContactForm = { name: '', title: '', employer: '', email: '', contact: '' };
const required: Key[] = ['name', 'title', 'email', 'contact'];

export function check(form: ContactForm): FieldErrors {
  const errors: FieldErrors = {};
  for (const k of required) if (form[k].trim() === '') errors[k] = INCOMPLETE;
  const email = emailProblem(form.email);
  if (email) errors.email = email;
  return errors;
}

/** The fields of a 400 answer that this form shows, e.g. { email: '…' }. */
function fieldsOf(e: unknown): FieldErrors {
  if (!(e instanceof ApiError) || e.status !== 400 || !e.fields) return {};
  return Object.fromEntries(Object.entries(e.fields).filter(([k]) => k in empty));
}

/** A message of the form or the server (the server's are English) in the page's words. */
function say(message: string, w: Words): string {
  const known: Record<string, string> = {
    [INCOMPLETE]: w.incomplete,
    [SENT]: w.sent,
    [CHECK_FORM]: w.checkForm,
    [CONTACT_BUSY]: w.contactBusy,
    [CONTACT_FULL]: w.contactFull,
  };
  return known[message] ?? message;
}

function failureMessage(e: unknown, w: Words): string {
  if (e instanceof ApiError) {
    if (e.status === 400) return e.message === INCOMPLETE ? INCOMPLETE : CHECK_FORM;
    // The whole site's limit this hour, not this visitor's: the server's words, which are the form's own.
    if (e.status === 429) return e.message === CONTACT_BUSY ? CONTACT_BUSY : w.tooManyMessages;
    if (e.status === 507) return CONTACT_FULL;
    if (e.status === 413) return w.tooLong;
    if (e.status === 0) return w.unreachable;
  }
  return w.notSent;
}

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'error'; message: string } | { kind: 'sent' };

const statusOf = (o: ContactOutcome | undefined): Status =>
  !o
    ? { kind: 'idle' }
    : o.sent
      ? { kind: 'sent' }
      : o.message
        ? { kind: 'error', message: o.message }
        : { kind: 'idle' };

interface ContactFormProps {
  /** The popup's close; the page has none (it links home instead). */
  onClose?: () => void;
  onSent?: () => void;
  initial?: ContactOutcome;
}

export function ContactFormView({ onClose, onSent, initial }: ContactFormProps) {
  const [form, setForm] = useState<ContactForm>(initial?.form ?? empty);
  const [status, setStatus] = useState<Status>(statusOf(initial));
  const [errors, setErrors] = useState<FieldErrors>(initial?.errors ?? {});
  // Bumped after a refused send: focus then goes to the first field with a problem.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const w = useWords();
  const home = useInLanguage()('/');

  useEffect(() => {
    if (refusals) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  // Sent from the dialog: the focus goes to its Close button (the form it was in is gone).
  const closeRef = useRef<HTMLButtonElement>(null);
  const sent = status.kind === 'sent';
  useEffect(() => {
    if (sent) closeRef.current?.focus();
  }, [sent]);

  const refuse = (found: FieldErrors, message: string | undefined) => {
    setErrors(found);
    setStatus(message ? { kind: 'error', message } : { kind: 'idle' });
    setRefusals((n) => n + 1);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = check(form);
    if (Object.keys(found).length) {
      refuse(found, Object.values(found).includes(INCOMPLETE) ? INCOMPLETE : undefined);
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    try {
      const res = await postJson<{ success?: boolean }>('handle_form.php', form);
      if (res.success === false) throw new Error('not kept');
      setStatus({ kind: 'sent' });
      onSent?.();
    } catch (err) {
      const fromServer = fieldsOf(err);
      if (Object.keys(fromServer).length) {
        refuse(fromServer, Object.values(fromServer).includes(INCOMPLETE) ? INCOMPLETE : undefined);
      } else setStatus({ kind: 'error', message: failureMessage(err, w) });
    }
  };

  type FieldOpts = { type?: string; optional?: boolean; autoComplete?: string };
  const field = (key: Key, label: string, opts: FieldOpts = {}) => {
    const id = `${ids}-${key}`;
    const error = errors[key];
    const own = error && error !== INCOMPLETE ? error : undefined;
    const common = {
      id,
      name: key,
      value: form[key],
      'aria-invalid': error ? true : undefined,
      required: !opts.optional,
      'aria-describedby': own ? `${id}-error` : error ? `${ids}-status` : undefined,
      onChange: (ev: { target: { value: string } }) => {
        setForm((f) => ({ ...f, [key]: ev.target.value }));
        if (error) setErrors(({ [key]: _fixed, ...rest }) => rest);
      },
    };
    return (
      <div className="form-field">
        <label htmlFor={id}>
          {label}
          {opts.optional && <span className="optional">{w.optional}</span>}
        </label>
        {own && (
          <p id={`${id}-error`} className="field-error">
            {say(own, w)}
          </p>
        )}
        {key === 'contact' ? (
          <textarea {...common} rows={5} maxLength={10_000} />
        ) : (
          <input
            {...common}
            type={opts.type ?? 'text'}
            autoComplete={opts.autoComplete}
            maxLength={key === 'email' ? 320 : 200}
          />
        )}
      </div>
    );
  };

  if (status.kind === 'sent') {
    return (
      <div className="contact-sent">
        <p role="status" className="notice notice-success">
          {w.sent}
        </p>
        <p>{w.thanks}</p>
        {onClose ? (
          <button ref={closeRef} type="button" className="button" onClick={onClose}>
            {w.close}
          </button>
        ) : (
          <p>
            <a href={home} className="button">
              {w.homeLink}
            </a>
          </p>
        )}
      </div>
    );
  }
  return (
    <form ref={formRef} method="post" action={CONTACT_ACTION} onSubmit={(e) => void submit(e)} noValidate>
      {field('name', w.name, { autoComplete: 'name' })}
      {field('title', w.jobTitle, { autoComplete: 'organization-title' })}
      {field('employer', w.employer, {
        optional: true,
        autoComplete: 'organization',
      })}
      {field('email', w.email, { type: 'email', autoComplete: 'email' })}
      {field('contact', w.howCanWeHelp)}
      <p id={`${ids}-status`} className="form-status" role="alert">
        {status.kind === 'error' ? say(status.message, w) : ''}
      </p>
      <button type="submit" className="button" disabled={status.kind === 'sending'}>
        {status.kind === 'sending' ? w.sending : w.send}
      </button>
    </form>
  );
}
