// The site repository's git remote, from the environment: where it is, how to sign in to it, how
// often to look for changes, the webhook's secret, and whether this server is the primary (it saves
// and pushes) or a read replica (it only follows).
import { AppError } from '../schema/errors.ts';

export type Role = 'primary' | 'replica';

export interface RemoteSettings {
  /** The remote's address with any user name or password taken out (safe to show and log). */
  url: string;
  /** Sent only when the remote asks for them (git's credential protocol), never logged or shown. */
  credentials: { username: string; password: string } | null;
  /** How often the remote is fetched besides webhooks; 0: only webhooks. */
  pullIntervalMs: number;
  /** Shared secret of POST /api/git/webhook; without it the webhook is turned off. */
  webhookSecret: string | null;
  role: Role;
  /** A replica's primary, named in its refusals and its admin area. */
  primaryUrl: string | null;
}

export const DEFAULT_PULL_INTERVAL_S = 300;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

/** Settings problems stop the server at start with one plain line. */
export class RemoteSettingsError extends AppError {
  constructor(message: string) {
    super(500, message);
  }
}

/** `300`, `300s`, `5m`, `1h` → milliseconds. */
function interval(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_PULL_INTERVAL_S * 1000;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(s|m|h)?\s*$/i.exec(value);
  if (!m)
    throw new RemoteSettingsError(
      `CMS_GIT_PULL_INTERVAL must be a number of seconds (or like 5m), not "${value}".`,
    );
  const unit = { s: 1, m: 60, h: 3600 }[(m[2] ?? 's').toLowerCase() as 's' | 'm' | 'h'];
  return Math.round(Number(m[1]) * unit * 1000);
}

export function remoteFromEnv(env: NodeJS.ProcessEnv): RemoteSettings | null {
  const role = (env.CMS_ROLE ?? 'primary').trim().toLowerCase();
  if (role !== 'primary' && role !== 'replica') {
    throw new RemoteSettingsError(`CMS_ROLE must be "primary" or "replica", not "${env.CMS_ROLE}".`);
  }
  const raw = env.CMS_GIT_REMOTE?.trim();
  if (!raw) {
    if (role === 'replica')
      throw new RemoteSettingsError('CMS_ROLE=replica needs CMS_GIT_REMOTE: the repository to follow.');
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RemoteSettingsError(
      'CMS_GIT_REMOTE is not a web address (it should look like https://github.com/org/site.git).',
    );
  }
  // Plain http sends the token readable to anyone on the way; it is allowed only on this machine.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    throw new RemoteSettingsError('CMS_GIT_REMOTE must be an https:// address.');
  }
  const fromUrl =
    url.username || url.password
      ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
      : null;
  url.username = '';
  url.password = '';
  const token = env.CMS_GIT_TOKEN?.trim();
  const credentials = token
    ? { username: env.CMS_GIT_USERNAME?.trim() || fromUrl?.username || 'x-access-token', password: token }
    : fromUrl && fromUrl.password
      ? fromUrl
      : fromUrl
        ? { username: 'x-access-token', password: fromUrl.username }
        : null;
  const primaryUrl = env.CMS_PRIMARY_URL?.trim().replace(/\/+$/, '') || null;
  return {
    url: url.toString(),
    credentials,
    pullIntervalMs: interval(env.CMS_GIT_PULL_INTERVAL),
    webhookSecret: env.CMS_GIT_WEBHOOK_SECRET || null,
    role,
    primaryUrl,
  };
}
