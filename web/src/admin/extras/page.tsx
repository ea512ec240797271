// Pages staff build from sections (issue 34): the generic list and form (so drafts, preview, share
// links, review, history, compare, restore, trash, content checks and scheduled publishing apply as
// to any item), with the address checked as typed (its form, and whether another page has it), the
// people of a People section chosen by name, the page sketched beside the form, and a warning before
// a delete when menus or other pages link to it.
import { entities } from '../../../../server/schema/registry.ts';
import { addressFormProblem, tidyAddress } from '../../../../server/schema/pages/pageAddress.ts';
import type { AdminItem } from '../api.ts';
import { textOf, type FormFiles, type FormValues } from '../entityApi.ts';
import { listKey, useAdminApi } from '../liveData.ts';
import { PagePreview } from './PagePreview.tsx';
import { linksWarning } from './pageLinks.ts';
import type { EntityExtras, FieldOptions } from './types.ts';

/** The profiles of the About page, by id, with their names (a People section chooses among them). */
function useProfileNames(): Map<string, string> {
  const profiles = useAdminApi<AdminItem[]>(listKey(entities.profile)).data ?? [];
  return new Map(profiles.map((p) => [String(p.id), textOf(p.name) || `Profile ${p.id}`]));
}

function usePeopleChoices(): Record<string, FieldOptions> {
  const names = useProfileNames();
  const options = [...names].map(([value, label]) => ({ value, label }));
  return { 'sections.*.profiles.*': { options } };
}

/** The address's form as typed, then whether another page is at it (the server checks again, and more). */
function useAddressError(values: FormValues, item: AdminItem | undefined): Record<string, string> {
  const pages = useAdminApi<AdminItem[]>(listKey(entities.page)).data ?? [];
  const typed = textOf(values.path);
  if (!typed.trim() || typed === textOf(item?.path)) return {};
  const path = tidyAddress(typed);
  const problem = addressFormProblem(path);
  if (problem) return { path: problem };
  const other = pages.find((p) => p.id !== item?.id && textOf(p.path).toLowerCase() === path.toLowerCase());
  if (other)
    return { path: `The page “${textOf(other.title)}” is already at ${path}. Choose another address.` };
  return {};
}

/** Each line of the list says where the page lives (its schedule, if any, is said by the list itself). */
function AddressMark({ item }: { item: AdminItem }) {
  const path = textOf(item.path);
  return path ? (
    <span className="admin-row-mark">
      <span className="visually-hidden">Address: </span>
      {path}
    </span>
  ) : null;
}

function Preview({ values, item }: { values: FormValues; item?: AdminItem; files: FormFiles }) {
  return <PagePreview values={values} item={item} names={useProfileNames()} />;
}

export const pageExtras: EntityExtras = {
  heading: 'Pages',
  addLabel: 'Add a page',
  intro:
    'Each page has its own address and is built from sections: text, pictures, buttons, cards and more. Add it to a menu on the Menus page so visitors find it.',
  useFieldOptions: usePeopleChoices,
  useLiveErrors: useAddressError,
  deleteWarning: (item) => linksWarning(item),
  Preview,
  previewBeside: true,
  RowMark: AddressMark,
};
