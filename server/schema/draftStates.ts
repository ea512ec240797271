// A draft's review states and the steps between them: the server enforces them
// (server/drafts/drafts.ts) and the admin offers only the steps a state allows.

import type { Permission } from './roles.ts';

export const DRAFT_STATES = [
  'editing',
  'in-review',
  'changes-requested',
  'approved',
  'published',
  'discarded',
] as const;
export type DraftState = (typeof DRAFT_STATES)[number];

export const isOpen = (state: DraftState): boolean => state !== 'published' && state !== 'discarded';

export const DRAFT_ACTIONS = [
  'submit',
  'approve',
  'request-changes',
  'publish',
  'discard',
  'schedule',
] as const;
export type DraftAction = (typeof DRAFT_ACTIONS)[number];

/** From which states each step may be taken (publish and schedule also check approval). */
export const ACTION_FROM: Record<DraftAction, readonly DraftState[]> = {
  submit: ['editing', 'changes-requested'],
  approve: ['in-review'],
  'request-changes': ['in-review', 'approved'],
  publish: ['editing', 'in-review', 'changes-requested', 'approved'],
  schedule: ['editing', 'in-review', 'changes-requested', 'approved'],
  discard: ['editing', 'in-review', 'changes-requested', 'approved'],
};

/**
 * What each step needs (schema/roles.ts): contributors submit; editors decide about the live site.
 * Discard needs `drafts` for the draft's own maker and `publish` for anyone else's (the route checks).
 */
export const DRAFT_ACTION_NEEDS: Record<DraftAction, Permission> = {
  submit: 'drafts',
  approve: 'publish',
  'request-changes': 'publish',
  publish: 'publish',
  schedule: 'publish',
  discard: 'drafts',
};
