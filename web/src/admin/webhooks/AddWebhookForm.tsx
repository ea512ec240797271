// Adding a webhook: its address and what it is told of; once added, its secret is shown this once, to
// copy into the receiving side, with how that side checks each call's signature.
import { useId, useState, type FormEvent } from 'react';
import { fieldErrorsOf, messageOf } from '../api.ts';
import { Field, FormError } from '../accounts/Field.tsx';
import {
  WEBHOOK_EVENT_WORDS,
  WEBHOOK_EVENTS,
  type WebhookAdded,
  type WebhookEvent,
} from '../../../../server/schema/webhooks.ts';
import { addWebhook } from './webhooksApi.ts';
import { CopyBox } from '../ui/CopyBox.tsx';

export function AddWebhookForm({ allowPrivate, onAdded }: { allowPrivate: boolean; onAdded: () => void }) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['published']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [added, setAdded] = useState<(WebhookAdded & { url: string }) | null>(null);
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((now) => WEBHOOK_EVENTS.filter((e) => (e === event ? on : now.includes(e))));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    setAdded(null);
    try {
      const made = await addWebhook(url.trim(), events);
      setAdded({ ...made, url: url.trim() });
      setUrl('');
      onAdded();
    } catch (err) {
      setError(messageOf(err));
      setFields(fieldErrorsOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Add a webhook</h2>
      <form className="admin-card admin-add" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="Address to call"
          type="url"
          inputMode="url"
          autoComplete="off"
          value={url}
          onValue={setUrl}
          placeholder="https://example.org/hooks/cms"
          help={
            allowPrivate
              ? 'This server may call any address, http:// too (CMS_WEBHOOKS_ALLOW_PRIVATE is on).'
              : 'It must start with https:// and be reachable from the internet.'
          }
          {...(fields.url ? { error: fields.url } : {})}
        />
        <fieldset className="admin-field" aria-describedby={fields.events ? `${id}-events-error` : undefined}>
          <legend>Tell it when</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="admin-check">
              <input
                type="checkbox"
                checked={events.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
              />{' '}
              {WEBHOOK_EVENT_WORDS[event]}
            </label>
          ))}
          {fields.events && (
            <p id={`${id}-events-error`} className="admin-field-error">
              {fields.events}
            </p>
          )}
        </fieldset>
        <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
          {busy ? 'Adding…' : 'Add the webhook'}
        </button>
        <FormError error={Object.keys(fields).length ? null : error} />
      </form>
      {added && <SecretToCopy added={added} />}
    </section>
  );
}

function SecretToCopy({ added }: { added: WebhookAdded & { url: string } }) {
  return (
    <div className="admin-card admin-link-made" role="status">
      <p>
        Added: <strong>{added.url}</strong> will be called from now on.
      </p>
      <p>
        <strong>Copy its secret now: it is shown only once.</strong> Keep it in the receiving side&apos;s
        settings, not in an email.
      </p>
      <CopyBox label="Secret" value={added.secret} what="secret" />
      <p className="admin-help">
        How the receiving side knows a call came from this site: each call has a header{' '}
        <code>X-Signature-256</code> that reads <code>sha256=</code> followed by the HMAC-SHA256 of the
        call&apos;s exact body, made with this secret, in hexadecimal. The receiver makes the same from the
        body it got and its copy of the secret, and ignores the call if the two differ.
      </p>
    </div>
  );
}
