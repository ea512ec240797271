// The webhooks' calls (docs/webhooks.md): admins only.
import { getJson, send } from '../api.ts';
import type { WebhookAdded, WebhookEvent, WebhookList } from '../../../../server/schema/webhooks.ts';

export const getWebhooks = (signal?: AbortSignal) => getJson<WebhookList>('webhooks', signal);

export const addWebhook = (url: string, events: WebhookEvent[]) =>
  send<WebhookAdded>('POST', 'webhooks', { url, events });

export const removeWebhook = (id: string) =>
  send<{ success: true }>('DELETE', `webhooks/${encodeURIComponent(id)}`);
