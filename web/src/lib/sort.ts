// Client-side copies of the documented orders, so the page reads right even if an answer is not.

const lastWord = (name: string) => (name.trim().split(/\s+/).pop() ?? '').toLowerCase();

/** Staff profiles: by the last word of the name, ignoring case (spec §9). */
export const byLastWordOfName = <T extends { name: string }>(a: T, b: T) =>
  lastWord(a.name).localeCompare(lastWord(b.name)) || a.name.localeCompare(b.name);

export const byNumericId = <T extends { id: string }>(a: T, b: T) => Number(a.id) - Number(b.id);
