// The warnings the entity form shows beside its fields, in plain words: the entity's own, then the
// content checks' (as staff type, for addresses, and the last save's). They never stop a save.
import { useMemo } from 'react';
import type { EntityDef } from '../../../../server/schema/define.ts';
import type { FieldWarning } from '../../../../server/schema/contentChecks.ts';
import type { FormFiles, FormValues } from '../entityApi.ts';
import type { EntityExtras } from '../extras/types.ts';
import { localFindings, useAddressFindings } from './contentWarnings.ts';

/**
 * Each field's warnings, once each. `local` is also what the form checks before sending (an image
 * without a description is refused by the server too).
 */
export function useFieldWarnings(
  def: EntityDef,
  extras: EntityExtras | undefined,
  values: FormValues,
  files: FormFiles,
  baseline: FormValues,
  savedWarnings: FieldWarning[],
) {
  const local = useMemo(() => localFindings(def, values, files), [def, values, files]);
  const remote = useAddressFindings(def, values, baseline);
  const warnings = useMemo(() => {
    const byField: Record<string, string[]> = {};
    // The entity's own (an event card's words that disagree with its dates), then the content checks'.
    const own = Object.entries(extras?.warnings?.(values) ?? {}).map(([field, message]) => ({
      field,
      message,
    }));
    for (const w of [...own, ...local.filter((f) => !f.blocks), ...remote, ...savedWarnings]) {
      const list = (byField[w.field] ??= []);
      if (!list.includes(w.message)) list.push(w.message);
    }
    return byField;
  }, [extras, values, local, remote, savedWarnings]);
  return { local, warnings };
}
