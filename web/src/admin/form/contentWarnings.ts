// The content checks in the form, before a save: the same pure module the server runs
// (server/schema/contentChecks.ts). What the browser can tell alone (descriptions of images, headings,
// link words) is checked as staff type; whether the site has a page or media file a text links to only
// the server knows, so a text with such an address is sent to POST /api/admin/content-checks (after a
// pause in the typing, against the draft the admin works in).
import { useEffect, useMemo, useState } from 'react';
import type { EntityDef } from '../../../../server/schema/define.ts';
import {
  checkItem,
  readMarkdown,
  sitePathOf,
  type Finding,
  type SiteFacts,
} from '../../../../server/schema/contentChecks.ts';
import { isMediaField } from '../../../../server/schema/fields.ts';
import { isSharedFile } from '../../../../server/schema/mediaLibrary.ts';
import { send } from '../api.ts';
import { inDraft } from '../drafts/workingDraft.ts';
import { fieldsOf, isUpload, textOf, type FormFiles, type FormValues } from '../entityApi.ts';

/**
 * Every address answers, and a file of the media library may have a stored description: the browser
 * leaves those checks to the server (a text with such a picture is sent to it, below).
 */
const ANY_ADDRESS: SiteFacts = { hasPage: () => true, hasMedia: () => true, describes: isSharedFile };

/**
 * The item's values as the checks read them: a picture the item has or is about to upload is set; one
 * chosen from the library is its path (whose stored description the server knows).
 */
function checkedData(def: EntityDef, values: FormValues, files: FormFiles): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, field] of fieldsOf(def)) {
    const file = files[key];
    if (!isMediaField(field)) data[key] = values[key];
    else if (file && !isUpload(file)) data[key] = file.path;
    else data[key] = file || values[key] ? `media/form/${key}` : '';
  }
  return data;
}

/** What the browser finds alone in the form's values (no address is looked up). */
export const localFindings = (def: EntityDef, values: FormValues, files: FormFiles = {}): Finding[] =>
  checkItem(def, checkedData(def, values, files), ANY_ADDRESS);

/**
 * The values staff changed of the fields holding an address of this site (a markdown text's links
 * and images, a link); what the item held already is on the Content checks page.
 */
function withSiteAddresses(def: EntityDef, values: FormValues, baseline: FormValues): FormValues {
  const out: FormValues = {};
  for (const [key, field] of fieldsOf(def)) {
    const v = textOf(values[key]);
    if (!v || v === textOf(baseline[key])) continue;
    if (field.kind === 'link' && sitePathOf(v) !== null) out[key] = v;
    if (field.kind === 'markdown') {
      const parts = readMarkdown(v);
      if ([...parts.links.map((l) => l.href), ...parts.images.map((i) => i.src)].some((h) => sitePathOf(h)))
        out[key] = v;
    }
  }
  return out;
}

const PAUSE_MS = 500;

/**
 * The server's word on the addresses the texts staff change link to (pages and media files the site
 * does not have), asked after a pause in the typing; nothing is asked while no changed text links
 * inside the site.
 */
export function useAddressFindings(def: EntityDef, values: FormValues, baseline: FormValues): Finding[] {
  const asked = useMemo(() => withSiteAddresses(def, values, baseline), [def, values, baseline]);
  const key = JSON.stringify(asked);
  const [answer, setAnswer] = useState<{ key: string; findings: Finding[] }>({ key: '{}', findings: [] });
  useEffect(() => {
    if (key === '{}') return;
    let current = true;
    const timer = setTimeout(() => {
      send<{ findings?: Finding[] }>('POST', inDraft('admin/content-checks'), {
        entity: def.name,
        values: JSON.parse(key) as FormValues,
      }).then(
        (a) => {
          if (current)
            setAnswer({
              key,
              findings: (a.findings ?? []).filter((f) => f.check === 'address' || f.check === 'media'),
            });
        },
        () => undefined, // a check that could not be asked is no reason to stop anyone saving
      );
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [def.name, key]);
  // Only the answer for the texts as they are now: one about an earlier text would mislead.
  return answer.key === key ? answer.findings : [];
}
