// An audit entry's Item and Detail cells in words. Steps of drafts name the draft by its id and carry
// its title first in the detail (“Spring news”: to publish at …, server/main.ts); saves and deletes
// made into a draft end their detail with "in draft <id>". Both lead to the draft's page; times in
// the detail are shown as dates people read.
import type { AuditEntry } from '../../../../server/schema/auditEvent.ts';
import { entityByName } from '../../../../server/schema/registry.ts';
import { localTime } from '../dates.ts';
import { DRAFT_ID_PATTERN } from '../../../../server/schema/draftPaths.ts';

export interface EntryCells {
  /** The item acted on, in words ('News 12', 'Draft “Spring news”'). */
  item: string;
  /** The draft the entry is about or was made in: its page is linked. */
  draft?: string;
  detail: string;
}

const DRAFT_STEP = /^“([\s\S]*?)”(?:: ([\s\S]*))?$/;
const IN_DRAFT = new RegExp(`^(.*?)\\s*in draft (${DRAFT_ID_PATTERN})$`);
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;

const readable = (text: string) => text.replace(ISO_TIME, localTime);

export function entryCells(e: AuditEntry): EntryCells {
  const detail = e.detail ?? '';
  if (e.action.startsWith('draft-') && e.id) {
    const m = DRAFT_STEP.exec(detail);
    const title = m ? m[1]! : '';
    const rest = m ? (m[2] ?? '') : detail;
    return {
      item: title ? `Draft “${title}”` : `Draft ${e.id}`,
      draft: e.id,
      detail: readable(
        rest.replace(/^to publish at /, 'to be published on ').replace(/, until /, ', works until '),
      ),
    };
  }
  const label = e.entity ? (entityByName.get(e.entity)?.label ?? e.entity) : '';
  const item = label ? (e.id ? `${label} ${e.id}` : label) : '';
  const inDraft = IN_DRAFT.exec(detail);
  if (inDraft) return { item, draft: inDraft[2]!, detail: `${inDraft[1]} in a draft` };
  return { item, detail };
}
