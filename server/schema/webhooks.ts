// What the webhooks' calls answer and the admin's Webhooks page shows (no Node APIs: the admin imports it).

/** The admin page that lists the webhooks. */
export const WEBHOOKS_ROUTE = '/admin/webhooks';

/** What a webhook may be told of. */
export const WEBHOOK_EVENTS = ['published', 'saved', 'deleted', 'message'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_WORDS: Record<WebhookEvent, string> = {
  published: 'A draft is published (one call for each item it changes)',
  saved: 'An item is saved or restored on the live site',
  deleted: 'An item is deleted from the live site',
  message: 'A visitor sends a message through the contact form',
};

export const isWebhookEvent = (v: unknown): v is WebhookEvent =>
  typeof v === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(v);

/** The JSON body each call carries (signed: `X-Signature-256: sha256=<hex HMAC-SHA256>`). */
export interface WebhookBody {
  event: WebhookEvent;
  entity: string;
  id: string;
  title: string;
  /** The item's public address (absolute when the site's address, CMS_PUBLIC_URL, is set). */
  url: string;
  /** The commit that made the change; null for a message (messages are not in git). */
  commit: string | null;
  /** When it happened (ISO 8601, UTC). */
  at: string;
}

/** One try at delivering one call, and what the receiver answered. */
export interface WebhookDelivery {
  event: WebhookEvent;
  title: string;
  /** When the try was made. */
  time: string;
  /** Which try this was (1 = the first). */
  attempt: number;
  /** The receiver's status code, or null when no answer came. */
  status: number | null;
  ok: boolean;
  /** What went wrong, in plain words. */
  error?: string;
  /** When the next try is due; absent when there is none. */
  nextTry?: string;
}

/** A webhook as listed (its secret is shown once, when it is added, and never again). */
export interface WebhookView {
  id: string;
  url: string;
  events: WebhookEvent[];
  created: string;
  createdBy: string;
  /** Calls waiting for their (next) try. */
  waiting: number;
  /** The latest tries, newest first. */
  deliveries: WebhookDelivery[];
}

export interface WebhookList {
  hooks: WebhookView[];
  /** Whether private addresses and http:// are allowed (CMS_WEBHOOKS_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

export interface WebhookAdded {
  id: string;
  secret: string;
}
