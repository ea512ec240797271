// People: the profiles staff chose (the About page's), in their order, drawn as the About page's grid.
import type { Profile } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { StaffGrid } from '../about/StaffGrid.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { Titled } from './Titled.tsx';
import type { SectionProps } from './types.ts';
import { useWords } from '../words/useWords.ts';

export function PeopleSection({ heading, profiles }: SectionProps<'people'>) {
  const all = useApi<Profile[]>('about_us.php');
  const words = useWords();
  return (
    <Titled heading={heading} kind="people">
      {(level) => (
        <Loadable
          state={all}
          what={words.what.people}
          logMessage="Error fetching profiles"
          fallback={words.loading}
        >
          {(list) => {
            const byId = new Map(list.map((p) => [p.id, p]));
            // A profile deleted since the page was made is left out.
            const chosen = profiles.flatMap((id) => byId.get(id) ?? []);
            return chosen.length ? <StaffGrid profiles={chosen} keepOrder level={level} /> : null;
          }}
        </Loadable>
      )}
    </Titled>
  );
}
