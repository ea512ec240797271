// The contact popup (spec §2, §5, §8 as settled by DESIGN decision 2): Name, Title and Email and
// the message are required ('Please fill all fields', nothing sent); the success message shows
// only when the server kept the message; on failure the popup stays open with the input kept.
import { useId, useState, type FormEvent } from 'react';
import { ApiError, postJson } from '../../lib/api.ts';
import type { ContactForm } from '../../lib/types.ts';
import { Modal } from '../components/Modal.tsx';

export const INCOMPLETE = 'Please fill all fields';
export const SENT = 'Form submitted successfully!';

const empty: ContactForm = { name: '', title: '', employer: '', email: '', contact: '' };
const required: (keyof ContactForm)[] = ['name', 'title', 'email', 'contact'];

function failureMessage(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.status === 400) return INCOMPLETE;
    if (e.status === 429) return 'You have sent several messages in a short time. Please try again later.';
    if (e.status === 413) return 'Your message is too long. Please shorten it and send it again.';
    if (e.status === 0) return 'Your message could not be sent: the server could not be reached. Please try again.';
  }
  return 'Sorry, your message could not be sent. Please try again.';
}

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'error'; message: string } | { kind: 'sent' };

export function ContactPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState<ContactForm>(empty);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [missing, setMissing] = useState<Set<keyof ContactForm>>(new Set());
  const ids = useId();

  const close = () => {
    onClose();
    if (status.kind === 'sent') { setForm(empty); setStatus({ kind: 'idle' }); }
    else if (status.kind === 'error') setStatus({ kind: 'idle' });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const gaps = required.filter((k) => form[k].trim() === '');
    setMissing(new Set(gaps));
    if (gaps.length) { setStatus({ kind: 'error', message: INCOMPLETE }); return; }
    setStatus({ kind: 'sending' });
    try {
      const res = await postJson<{ success?: boolean }>('handle_form.php', form);
      if (res.success === false) throw new Error('not kept');
      setStatus({ kind: 'sent' });
    } catch (err) {
      setStatus({ kind: 'error', message: failureMessage(err) });
    }
  };

  const field = (key: keyof ContactForm, label: string, opts: { type?: string; optional?: boolean; autoComplete?: string } = {}) => {
    const id = `${ids}-${key}`;
    const invalid = missing.has(key) && form[key].trim() === '';
    const common = {
      id, name: key, value: form[key], 'aria-invalid': invalid || undefined, required: !opts.optional,
      'aria-describedby': invalid ? `${ids}-status` : undefined,
      onChange: (ev: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: ev.target.value })),
    };
    return (
      <div className="form-field">
        <label htmlFor={id}>{label}{opts.optional && <span className="optional"> (optional)</span>}</label>
        {key === 'contact'
          ? <textarea {...common} rows={5} maxLength={10_000} />
          : <input {...common} type={opts.type ?? 'text'} autoComplete={opts.autoComplete} maxLength={key === 'email' ? 320 : 200} />}
      </div>
    );
  };

  return (
    <Modal open={open} onClose={close} title="Contact Us" className="contact-popup">
      {status.kind === 'sent' ? (
        <div className="contact-sent">
          <p role="status" className="notice notice-success">{SENT}</p>
          <p>Thank you for getting in touch. We will answer by email.</p>
          <button type="button" className="button" onClick={close} autoFocus>Close</button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          {field('name', 'Name', { autoComplete: 'name' })}
          {field('title', 'Title', { autoComplete: 'organization-title' })}
          {field('employer', 'Employer/Affiliation/Organization', { optional: true, autoComplete: 'organization' })}
          {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
          {field('contact', 'How can we help you?')}
          <p id={`${ids}-status`} className="form-status" role="alert">
            {status.kind === 'error' ? status.message : ''}
          </p>
          <button type="submit" className="button" disabled={status.kind === 'sending'}>
            {status.kind === 'sending' ? 'Sending…' : 'Send'}
          </button>
        </form>
      )}
    </Modal>
  );
}
