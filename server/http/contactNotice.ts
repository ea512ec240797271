// What a notice of a new contact message says, and the link it gives staff: used by the composition
// root when a message is kept, apart from the form's routes so that Express is not loaded for it.
import { entities } from '../schema/registry.ts';
import type { NoticeMessage } from '../contact/noticeText.ts';
import { siteOriginSetting } from './siteOrigin.ts';

/**
 * The admin's Messages page as an absolute link for a notice, from CMS_PUBLIC_URL only: the visitor's
 * request names its own host, and a link staff are sent must not point where a stranger chose. Null
 * without the setting (the notice then names the page in words).
 */
export function messagesPageUrl(site: { publicUrl?: string }): string | null {
  const origin = siteOriginSetting(site.publicUrl); // unusable: the notice goes without the link
  return origin ? `${origin}${entities.contactMessage.admin.route}` : null;
}

/** A kept message as its notice tells of it. */
export function noticeOf(id: string, data: Record<string, unknown>): NoticeMessage {
  const text = (k: keyof NoticeMessage) => (typeof data[k] === 'string' ? data[k] : '');
  return {
    id,
    name: text('name'),
    title: text('title'),
    employer: text('employer'),
    email: text('email'),
    contact: text('contact'),
    received: text('received'),
  };
}
