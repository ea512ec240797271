// The site's public address, for the absolute URLs of the sitemap, robots.txt and the feeds: the
// CMS_PUBLIC_URL setting when there is one, else the address the request was sent to.
import type { IncomingMessage } from 'node:http';
import { requestHeader } from './answer.ts';

/** CMS_PUBLIC_URL as an origin (`https://example.org`), or an error that says what is wrong. */
export function publicOrigin(setting: string): string {
  let url: URL;
  try {
    url = new URL(setting);
  } catch {
    throw new Error(`CMS_PUBLIC_URL must be an address such as https://example.org (it is "${setting}").`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`CMS_PUBLIC_URL must start with https:// or http:// (it is "${setting}").`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`CMS_PUBLIC_URL is the site's address without a path (it is "${setting}").`);
  }
  return url.origin;
}

/** CMS_PUBLIC_URL's origin for links sent out (emails), or null when it is not set or not usable. */
export function siteOriginSetting(setting: string | undefined): string | null {
  try {
    return setting ? publicOrigin(setting) : null;
  } catch {
    return null;
  }
}

/** A host name or address with an optional port; anything else in Host is not trusted into a URL. */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9a-f:.]+\\])(?::\\d{1,5})?$`, 'i');

const first = (value: string | undefined) => value?.split(',')[0]?.trim() || undefined;

/**
 * The origin a request was sent to, from Host (and, behind a trusted proxy, X-Forwarded-Host and
 * X-Forwarded-Proto); null when it names no valid host.
 */
export function requestOrigin(req: IncomingMessage, trustProxy: boolean): string | null {
  const forwardedHost = trustProxy ? first(requestHeader(req, 'x-forwarded-host')) : undefined;
  const host = (forwardedHost ?? requestHeader(req, 'host') ?? '').toLowerCase();
  if (!HOST.test(host)) return null;
  const proto = trustProxy ? first(requestHeader(req, 'x-forwarded-proto'))?.toLowerCase() : undefined;
  return `${proto === 'https' || proto === 'http' ? proto : 'http'}://${host}`;
}

/** The site's origin for an absolute link: CMS_PUBLIC_URL's when it is set, else the request's. */
export function siteOriginOf(
  req: IncomingMessage,
  settings: { publicUrl?: string; trustProxy: boolean },
): string | null {
  return settings.publicUrl ? publicOrigin(settings.publicUrl) : requestOrigin(req, settings.trustProxy);
}
