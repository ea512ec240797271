// Event cards shown nowhere are not published: visitors do not get them from any read call.
import type { EntityRule } from './types.ts';

export const eventCardRule: EntityRule = {
  publicVisible: (data) => data.display_event !== 'nowhere',
};
