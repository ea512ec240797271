// A small "Edit" link beside an item of a public page, for staff only: it opens the item's admin
// form. Public pages leave the server without it (the same HTML for everyone); the browser adds it
// once it knows the reader is signed in (staff/staffSession.ts). A preview of a draft, drawn on the
// server for staff, has it from the start, opening the form in that draft.
import { useRenderCollector } from '../../shared/renderContext.ts';
import { editHref, type EditableEntity } from '../staff/editLinks.ts';
import { useStaff } from '../../shared/staffSession.ts';

interface EditLinkProps {
  entity: EditableEntity;
  /** The item's id; none for a one-of-a-kind text (the home page, the policy text). */
  id?: string;
  /** What is edited, for screen readers: 'news item “Spring fair”'. */
  what: string;
}

export function EditLink({ entity, id, what }: EditLinkProps) {
  const rendering = useRenderCollector();
  const staff = useStaff();
  const draft = rendering?.editDraft;
  if (rendering ? !draft : !staff) return null;
  return (
    <a className="cms-edit-link" href={editHref(entity, id, draft)}>
      Edit<span className="visually-hidden">{` ${what}`}</span>
    </a>
  );
}
