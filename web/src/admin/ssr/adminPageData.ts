// What a server-rendered admin page carries (server/site/adminPage.ts): who it was drawn for and
// the answers its lists showed, in a non-executing JSON script (the Content-Security-Policy allows
// no inline script). The browser applies them before the admin app's first render, which then draws
// the same page at once; the sign-in is still checked (auth.ts) and the lists read again.
import { load, seed } from '../../lib/resourceStore.ts';
import { signedInByPage, type AdminUser } from '../auth.ts';

export interface AdminPageData {
  user: AdminUser;
  /** Answers by the admin's cache key (admin/items?entity=news&per=25). */
  api: Record<string, unknown>;
}

export const ADMIN_PAGE_DATA_ID = 'admin-page-data';

/** JSON safe inside <script>: no '<' (so no '</script>' or '<!--'), and no line separators. */
export function adminPageDataScript(data: AdminPageData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${ADMIN_PAGE_DATA_ID}">${json}</script>`;
}

/** Reads the page's data, when it has any, into the sign-in state and the shared cache. */
export function applyAdminPageData(): void {
  const text = document.getElementById(ADMIN_PAGE_DATA_ID)?.textContent;
  if (!text) return;
  let data: AdminPageData;
  try {
    data = JSON.parse(text) as AdminPageData;
  } catch {
    return;
  }
  signedInByPage(data.user);
  // Shown at once, and asked for again meanwhile: the list may have changed since the page was drawn
  // (the live stream only tells of changes once it is connected).
  for (const [key, answer] of Object.entries(data.api)) {
    seed(key, answer);
    load(key);
  }
}
