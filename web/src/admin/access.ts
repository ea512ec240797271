// What the signed-in person may do in the admin, in one place: each part of the admin that a role may
// not use names the permission it needs (server/schema/roles.ts, the server's own table), and every
// screen asks `useCan()` instead of comparing role names. The server refuses whatever the admin
// shows; this only keeps from offering what would be refused.
import type { Permission } from '../../../server/schema/roles.ts';
import { useUser, type AdminUser } from './auth.ts';
import { workingDraftId } from './drafts/workingDraft.ts';

/** The permission each part of the admin needs. */
export const NEEDS = {
  /** Making drafts, saving into them, submitting them for review. */
  drafts: 'drafts',
  /** Saves, deletes, show/hide and banner switches on the live site (a draft takes anyone's). */
  liveSave: 'publish',
  /** Restoring from an item's history or from "Recently deleted". */
  restore: 'publish',
  /** A draft's approve, ask for changes, publish and schedule. */
  review: 'publish',
  /** Discarding a draft someone else started. */
  discardAny: 'publish',
  /** Contact messages. */
  messages: 'publish',
  /** The Content checks page: the live site's problems. */
  contentChecks: 'publish',
  auditLog: 'administer',
  accounts: 'administer',
  /** The webhooks: what the site tells other services, and the secrets that sign it. */
  webhooks: 'administer',
  /** Site-wide settings: whether drafts need approval, which roles must use two-step sign-in. */
  siteSettings: 'administer',
  /** Fields that load code on the public site (the dashboard's script address). */
  codeOnSite: 'administer',
} as const satisfies Record<string, Permission>;

export type Ability = keyof typeof NEEDS;

/** Whether `user` may use this part of the admin. */
export function allowed(user: AdminUser, ability: Ability): boolean {
  return !!user.can?.[NEEDS[ability]];
}

export type Can = Record<Ability, boolean> & {
  /** Whether this page's saves are allowed: in a draft anyone's are, on the live site `liveSave`. */
  saveHere: boolean;
};

const ABILITIES = Object.keys(NEEDS) as Ability[];

/**
 * What the person may do, and whether saving is offered on this page (it may be in a draft: the
 * frame follows the address into it before its page draws). With no one known to be signed in the
 * frame shows the sign-in form instead of the page, so nothing is held back here then.
 */
export function useCan(): Can {
  const user = useUser();
  const inDraft = workingDraftId() !== null;
  const can = Object.fromEntries(ABILITIES.map((a) => [a, !user || allowed(user, a)])) as Record<
    Ability,
    boolean
  >;
  return { ...can, saveHere: can.liveSave || inDraft };
}
