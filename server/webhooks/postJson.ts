// One POST of a JSON body to a webhook, to the address the check approved and no other: the socket
// is opened to that IP (a `lookup` that answers it), while Host and TLS's server name stay the URL's,
// so the certificate is still checked against the name. A DNS answer that changes between the check
// and the connection cannot aim the call inside. Redirects are not followed. Resolves with the status
// of a 2xx answer; rejects with what went wrong in plain words.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookAddress, type AddressRules, type CheckedTarget } from './addressCheck.ts';

export class DeliveryFailed extends Error {
  constructor(
    message: string,
    /** The receiver's status code, when it answered. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** Plain words for a socket's or TLS's error. */
function reasonOf(e: NodeJS.ErrnoException): string {
  switch (e.code) {
    case 'ECONNREFUSED':
      return 'the webhook refused the connection';
    case 'ECONNRESET':
      return 'the webhook hung up before answering';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the webhook’s address was not found';
    case 'ETIMEDOUT':
      return 'the webhook did not answer in time';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return 'the webhook’s certificate could not be trusted';
    default:
      return (e.message || String(e)).replace(/\s+/g, ' ').trim().slice(0, 200);
  }
}

/** POSTs `body` to the checked target; resolves with the 2xx status. */
export function postToTarget(
  target: CheckedTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<number> {
  const pinned: LookupFunction = (_host, options, callback) => {
    // Node asks for every address when autoSelectFamily is on (the default since Node 20).
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const req = send(target.url, {
      method: 'POST',
      lookup: pinned,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'cms-webhooks',
        ...headers,
      },
      agent: false,
    });
    const timer = setTimeout(
      () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
    req.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new DeliveryFailed(reasonOf(e)));
    });
    req.on('response', (res: IncomingMessage) => {
      clearTimeout(timer);
      res.resume(); // what it says is not read: only its status counts
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) return resolve(status);
      const words = `the webhook answered ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`;
      reject(
        new DeliveryFailed(
          status >= 300 && status < 400 ? `${words} (a redirect, which is not followed)` : words,
          status,
        ),
      );
    });
    req.end(body);
  });
}

/**
 * Checks `url` again (its host may resolve elsewhere now) and POSTs `body` to the address approved.
 * A refused address rejects with the check's words.
 */
export async function postJson(
  url: string,
  body: string,
  options: { headers?: Record<string, string>; timeoutMs: number; rules: AddressRules },
): Promise<number> {
  let target: CheckedTarget;
  try {
    target = await checkWebhookAddress(url, options.rules);
  } catch (e) {
    throw new DeliveryFailed((e as Error).message);
  }
  return postToTarget(target, body, options.headers ?? {}, options.timeoutMs);
}
