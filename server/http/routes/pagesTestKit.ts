// Staff's pages for the suites that need one (issue 34): a page with a section of every kind that the
// starter site can hold as it is (its picture is a starter file), and the calls that make one.
import { expect } from 'vitest';
import type { TestSite } from '../../testing/testSite.ts';
import { SECTION_EXAMPLES } from '../../schema/pages/sections.ts';

/** A picture every starter site has, in the media library as any file under media/ is. */
export const STARTER_PICTURE = 'media/spotlight/1.jpg';

/** One section of every kind, as the write calls take them: the declared examples, on starter files. */
export const everySection = (): Record<string, unknown>[] =>
  SECTION_EXAMPLES.map((s) => (s.type === 'image' ? { ...s, image: STARTER_PICTURE } : { ...s }));

/** A page's fields as the write calls take them, with a section of every kind. */
export const pageInput = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  title: 'Summer of CS camp',
  path: '/summer-camp',
  summary: 'A week of coding for teachers new to computer science.',
  sections: everySection(),
  ...over,
});

/** Makes a page as the signed-in person (into a draft with `draft`): its answer, after a 201. */
export async function addPage(
  site: TestSite,
  over: Record<string, unknown> = {},
  draft?: string,
): Promise<Record<string, unknown>> {
  const res = await site.api(`/api/pages?media=url${draft ? `&draft=${draft}` : ''}`, {
    method: 'POST',
    json: pageInput(over),
  });
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}
