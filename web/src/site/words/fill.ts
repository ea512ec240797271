// A word with blanks ('Page {n}'): the site's words are plain data, so that a language's dictionary
// is a JSON file the browser fetches only for a page in that language (useWords.ts).

/** The word with each {name} replaced by its value; a blank with no value stays as it is. */
export const fill = (word: string, values: Readonly<Record<string, string | number>>): string =>
  word.replace(/\{(\w+)\}/g, (blank, name: string) =>
    values[name] === undefined ? blank : String(values[name]),
  );
