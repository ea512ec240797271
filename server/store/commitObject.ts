// A commit object's bytes, as git writes them.

/** Who a commit is by (gitStore re-exports it; it lives here so the commit helpers need not import the store). */
export interface Author {
  name: string;
  email: string;
}

/** The author of the server's own commits (the first one) and reflog lines (repairs). */
export const SYSTEM_AUTHOR: Author = { name: 'Site CMS', email: 'cms@localhost' };

/** `+0100` for one hour east of UTC, as in git's author lines. */
export function gitTimezone(date: Date): string {
  const east = -date.getTimezoneOffset();
  const abs = Math.abs(east);
  return `${east < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

export const gitPerson = (who: Author, date: Date) =>
  `${who.name.replace(/[<>\n]/g, ' ')} <${who.email.replace(/[<>\n]/g, ' ')}> ${Math.floor(date.getTime() / 1000)} ${gitTimezone(date)}`;

/** `parent`: one commit, none (the first commit), or several (a merge, first parent first). */
export function formatCommit(c: {
  tree: string;
  parent: string | null | string[];
  author: Author;
  date: Date;
  message: string;
}): Buffer {
  const person = gitPerson(c.author, c.date);
  const message = c.message.endsWith('\n') ? c.message : `${c.message}\n`;
  const parents = Array.isArray(c.parent) ? c.parent : c.parent ? [c.parent] : [];
  const parent = parents.map((p) => `parent ${p}\n`).join('');
  return Buffer.from(`tree ${c.tree}\n${parent}author ${person}\ncommitter ${person}\n\n${message}`);
}
