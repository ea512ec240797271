// /admin/webhooks (admins): the addresses this site calls when something is published, saved or
// deleted on the live site, or a message arrives; each with its latest calls and what came back. Add
// one (its secret shown once), or remove one after a confirmation.
import { useId, useState } from 'react';
import { AdminFrame } from '../AdminFrame.tsx';
import { messageOf } from '../api.ts';
import { localTime } from '../dates.ts';
import { useSignedInRead } from '../accounts/useSignedInRead.ts';
import { FormError } from '../accounts/Field.tsx';
import type { WebhookDelivery, WebhookView } from '../../../../server/schema/webhooks.ts';
import { AddWebhookForm } from './AddWebhookForm.tsx';
import { getWebhooks, removeWebhook } from './webhooksApi.ts';
import { LoadFailed } from '../ui/LoadFailed.tsx';

const INTRO =
  'Webhooks tell other services (a chat channel, a newsletter tool) when something changes on the live ' +
  'site. Drafts are never sent. Each call is signed, and tried again for a day if it fails.';

export default function WebhooksPage() {
  return (
    <AdminFrame title="Webhooks" intro={<p>{INTRO}</p>} savesContent={false} needs="webhooks">
      <WebhooksView />
    </AdminFrame>
  );
}

function WebhooksView() {
  const { data, error, reload } = useSignedInRead(getWebhooks);
  return (
    <>
      <AddWebhookForm allowPrivate={data?.allowPrivate ?? false} onAdded={reload} />
      {error && !data && <LoadFailed what="the webhooks" error={error} onRetry={reload} />}
      {!data && !error && (
        <p className="admin-loading" role="status">
          Loading the webhooks…
        </p>
      )}
      {data && (
        <section className="admin-section" aria-labelledby="webhooks-list-h">
          <h2 id="webhooks-list-h">Webhooks</h2>
          {data.hooks.length === 0 && <p>No webhooks yet.</p>}
          {data.hooks.map((hook) => (
            <HookCard key={hook.id} hook={hook} onRemoved={reload} />
          ))}
        </section>
      )}
    </>
  );
}

function HookCard({ hook, onRemoved }: { hook: WebhookView; onRemoved: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    if (!window.confirm(`Remove the webhook to ${hook.url}? It will not be called again.`)) return;
    setBusy(true);
    setError(null);
    try {
      await removeWebhook(hook.id);
      onRemoved();
    } catch (e) {
      setError(messageOf(e));
      setBusy(false);
    }
  };
  return (
    <article className="admin-card" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="admin-webhook-url">
        {hook.url}
      </h3>
      <p>
        Told of: {hook.events.join(', ')}. Added by {hook.createdBy} on{' '}
        <time dateTime={hook.created}>{localTime(hook.created)}</time>.
        {hook.waiting > 0 &&
          ` ${hook.waiting} ${hook.waiting === 1 ? 'call is' : 'calls are'} waiting to be sent.`}
      </p>
      <Deliveries deliveries={hook.deliveries} />
      <button type="button" className="admin-button" disabled={busy} onClick={() => void remove()}>
        {busy ? 'Removing…' : `Remove the webhook to ${new URL(hook.url).host}`}
      </button>
      <FormError error={error} />
    </article>
  );
}

function Deliveries({ deliveries }: { deliveries: WebhookDelivery[] }) {
  if (!deliveries.length) return <p>No calls yet.</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>Latest calls, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">Try</th>
            <th scope="col">Answer</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d, i) => (
            <tr key={`${d.time}-${i}`}>
              <td>
                <time dateTime={d.time}>{localTime(d.time)}</time>
              </td>
              <td>
                {d.event}: {d.title}
              </td>
              <td>{d.attempt}</td>
              <td>{answerWords(d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function answerWords(d: WebhookDelivery): string {
  if (d.ok) return `Received (${d.status})`;
  const next = d.nextTry ? ` Tried again at ${localTime(d.nextTry)}.` : '';
  return `Failed: ${d.error ?? `the webhook answered ${d.status}`}.${next}`;
}
