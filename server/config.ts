// Configuration from the environment (DESIGN.md "Configuration").
import path from 'node:path';
import { remoteFromEnv, type RemoteSettings } from './remote/remoteSettings.ts';
import { noticesFromEnv, type NoticeSettings } from './contact/noticeSettings.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  adminUsername?: string;
  adminPassword?: string;
  /** The first admin's name and email (CMS_ADMIN_NAME, CMS_ADMIN_EMAIL): their commits carry them. */
  adminName?: string;
  adminEmail?: string;
  sessionSecret?: string;
  trustProxy: boolean;
  /** The site's public address (CMS_PUBLIC_URL) for absolute links in feeds; else each request's host. */
  publicUrl?: string;
  /** The site's time zone (CMS_TIME_ZONE, IANA name): event times in the calendar are read in it. */
  timeZone: string;
  /** Folder holding the starter content/ and media/ used to create the site repository. */
  starterDir: string;
  /** Folder with the built web app. */
  distDir: string;
  /** Quiet logs (tests). */
  quiet: boolean;
  /** bcrypt cost; 12 in production (DESIGN.md), lower only in tests. */
  bcryptCost: number;
  /** How often idle event streams get a comment so proxies keep them open. */
  heartbeatMs: number;
  /** The git remote (CMS_GIT_REMOTE …) and this server's role; null: no remote. */
  remote: RemoteSettings | null;
  /** Free disk space below which health and the admin home warn (CMS_DISK_WARN_MB, default 200). */
  diskWarnMb: number;
  /** Where notices of new contact messages go (CMS_SMTP_URL, CMS_NOTIFY_TO, CMS_NOTIFY_WEBHOOK …). */
  notices: NoticeSettings;
  /**
   * Contact messages the whole site takes in an hour, from every address together (CMS_CONTACT_PER_HOUR,
   * default 60); besides the few a single address may send.
   */
  contactPerHour: number;
  /** The room set aside for kept contact messages, in bytes (CMS_MESSAGES_MAX_MB, default 50 MB). */
  messagesMaxBytes: number;
  /**
   * Webhooks may call private addresses and http:// (CMS_WEBHOOKS_ALLOW_PRIVATE=1): tests, an intranet.
   * Off: only https:// to hosts whose every address is public.
   */
  webhooksAllowPrivate: boolean;
  /** The waits between a webhook call's tries (tests); unset: 1 min, 5 min, 30 min, 2 h, then 6 h. */
  webhookRetryDelaysMs?: readonly number[];
}

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.CMS_DATA_DIR ?? './data'),
    adminUsername: env.CMS_ADMIN_USERNAME || undefined,
    adminPassword: env.CMS_ADMIN_PASSWORD || undefined,
    adminName: env.CMS_ADMIN_NAME?.trim() || undefined,
    adminEmail: env.CMS_ADMIN_EMAIL?.trim() || undefined,
    sessionSecret: env.SESSION_SECRET || undefined,
    trustProxy: ['1', 'true', 'yes', 'on'].includes((env.TRUST_PROXY ?? '').toLowerCase()),
    publicUrl: env.CMS_PUBLIC_URL || undefined,
    timeZone: env.CMS_TIME_ZONE || 'America/Los_Angeles',
    starterDir: PROJECT_ROOT,
    distDir: path.join(PROJECT_ROOT, 'dist'),
    quiet: false,
    bcryptCost: 12,
    heartbeatMs: 20_000,
    remote: remoteFromEnv(env),
    diskWarnMb: Number(env.CMS_DISK_WARN_MB ?? 200) || 200,
    notices: noticesFromEnv(env),
    contactPerHour: positive(env, 'CMS_CONTACT_PER_HOUR', 60, { whole: true }),
    messagesMaxBytes: Math.round(positive(env, 'CMS_MESSAGES_MAX_MB', 50) * MB),
    webhooksAllowPrivate: ['1', 'true', 'yes', 'on'].includes(
      (env.CMS_WEBHOOKS_ALLOW_PRIVATE ?? '').trim().toLowerCase(),
    ),
  };
}

const MB = 1024 * 1024;

/** A number setting above zero, or its default when unset; anything else stops the start, named. */
function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, opts: { whole?: boolean } = {}) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (opts.whole && !Number.isInteger(value)))
    throw new Error(`${name} must be a ${opts.whole ? 'whole ' : ''}number above 0 (it is "${raw}").`);
  return value;
}

/** The starter content/ and media/ a first start commits (the starter folder's two). */
export const starterFolders = (config: Pick<Config, 'starterDir'>) => ({
  content: path.join(config.starterDir, 'content'),
  media: path.join(config.starterDir, 'media'),
});
