// The browser's side of page data (pageData.ts): the page's own copy, read before hydration so
// the first render matches the server's without a request, and /page-data/<path> afterwards.
import { API_TIMEOUT_MS } from '../../lib/api.ts';
import { seed } from '../../lib/resourceStore.ts';
import { addRendered } from '../../markdown/renderedStore.ts';
import { addImageSizes } from '../images/imageSizeStore.ts';
import type { ContactOutcome } from '../../../../server/schema/site/contactForm.ts';
import { PAGE_DATA_ID, type PageData } from '../../../../server/schema/site/pageData.ts';

/** The page's data, and its version to ask the server about once the live stream is up. */
export function readEmbeddedPageData(): PageData | null {
  const el = document.getElementById(PAGE_DATA_ID);
  embeddedVersion = el?.dataset.etag;
  const text = el?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}

let contactOutcome: ContactOutcome | undefined;
let embeddedVersion: string | undefined;
const firstPath = typeof location === 'undefined' ? '' : location.pathname;

/** What a post of the contact form without JavaScript came to, when this page is the answer. */
export const contactOutcomeOfPage = () => contactOutcome;

/** Markdown HTML first: the answers that use it re-render as they arrive. */
export function applyPageData(data: PageData): void {
  contactOutcome = data.contact;
  // The answer to a post shows the contact page at the form's address: the address bar says which
  // page it is (and a reload shows an empty form rather than sending the message again).
  if (data.path && data.path !== location.pathname) history.replaceState(null, '', data.path);
  addRendered(data.markdown);
  addImageSizes(data.images);
  for (const [endpoint, answer] of Object.entries(data.api)) seed(endpoint, answer);
}

/**
 * When the live stream first connects: was the page's data changed after the server made the page
 * (between its render and now)? A conditional request, answered 304 when not.
 */
export async function revalidatePageData(): Promise<void> {
  if (!embeddedVersion || location.pathname !== firstPath) return;
  const answers = await fetchPageData(embeddedVersion).catch(() => null);
  if (answers) for (const [endpoint, answer] of Object.entries(answers)) seed(endpoint, answer);
}

/** The current page's data (the resource store's page loader); null when `ifNoneMatch` still holds. */
export async function fetchPageData(): Promise<Record<string, unknown>>;
export async function fetchPageData(ifNoneMatch: string): Promise<Record<string, unknown> | null>;
export async function fetchPageData(ifNoneMatch?: string): Promise<Record<string, unknown> | null> {
  const res = await fetch(`/page-data${location.pathname}`, {
    headers: { Accept: 'application/json', ...(ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {}) },
    cache: 'no-cache',
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  if (res.status === 304 && ifNoneMatch) return null;
  if (!res.ok) throw new Error(`The page's data could not be loaded (${res.status})`);
  const data = (await res.json()) as PageData;
  addRendered(data.markdown);
  addImageSizes(data.images);
  return data.api;
}
