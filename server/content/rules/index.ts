import { entities } from '../../schema/registry.ts';
import { eventCardRule } from './eventCard.ts';
import { majorEventRule } from './majorEvent.ts';
import { siteSettingsRule } from './siteSettings.ts';
import type { EntityRule } from './types.ts';

/** Behaviour particular to one entity, kept out of the generic writer. */
export const entityRules: Record<string, EntityRule> = {
  [entities.eventCard.name]: eventCardRule,
  [entities.majorEvent.name]: majorEventRule,
  [entities.siteSettings.name]: siteSettingsRule,
};
