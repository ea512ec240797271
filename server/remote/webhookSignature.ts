// Checks that a push webhook came from the forge that knows the shared secret:
// - GitHub (and Gitea/Forgejo, which send it too): X-Hub-Signature-256: sha256=<HMAC-SHA256 of the body>;
// - Gitea / Forgejo / Gogs: X-Gitea-Signature / X-Forgejo-Signature / X-Gogs-Signature: <hex HMAC>;
// - GitLab: X-GitLab-Token: <the secret itself>.
import { createHmac, timingSafeEqual } from 'node:crypto';

type Headers = Record<string, string | string[] | undefined>;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Whether the request carries a valid signature (or token) for `body` under `secret`. */
export function webhookSignatureValid(headers: Headers, body: Buffer, secret: string): boolean {
  const hmac = createHmac('sha256', secret).update(body).digest('hex');
  const hub = one(headers['x-hub-signature-256']);
  if (hub !== undefined) return sameText(hub.trim().toLowerCase(), `sha256=${hmac}`);
  for (const name of ['x-gitea-signature', 'x-forgejo-signature', 'x-gogs-signature']) {
    const sig = one(headers[name]);
    if (sig !== undefined)
      return sameText(
        sig
          .trim()
          .toLowerCase()
          .replace(/^sha256=/, ''),
        hmac,
      );
  }
  const token = one(headers['x-gitlab-token']);
  if (token !== undefined) return sameText(token, secret);
  return false;
}
