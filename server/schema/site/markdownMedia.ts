// A text's pictures of the site's own media, as pages draw them: each address gets its version
// (`?v=`), so a replaced picture is a new address and open pages fetch it; a picture written without
// words (`![](/media/…)`) takes its stored description. Done on the text before it is rendered, so the
// rendered HTML is kept per version and description, like any other text. Pure: no Node, no React.

/** What pages know of a media file: its current version and its stored description. */
export interface MediaFacts {
  version(rel: string): string | undefined;
  description(rel: string): string | undefined;
}

// ![words](/media/…) or ![words](</media/…>), with an optional title after the address.
const IMAGE = /!\[([^\]]*)\]\((\s*)(<\/media\/[^>\n]*>|\/media\/[^\s)?#]+)([^)\n]*)\)/g;

const decoded = (address: string) => {
  try {
    return decodeURI(address);
  } catch {
    return address;
  }
};

export function withMediaFacts(text: string, facts: MediaFacts): string {
  if (!text.includes('/media/')) return text;
  return text.replace(IMAGE, (whole, alt: string, space: string, dest: string, rest: string) => {
    const angled = dest.startsWith('<');
    const address = angled ? dest.slice(1, -1) : dest;
    if (address.includes('?') || /^[?#]/.test(rest)) return whole;
    const rel = decoded(address.slice(1));
    const version = facts.version(rel);
    if (!version) return whole;
    const words = alt.trim() === '' ? (facts.description(rel) ?? '').replace(/[[\]\\]/g, '') : alt;
    const versioned = `${address}?v=${version.slice(0, 12)}`;
    return `![${words}](${space}${angled ? `<${versioned}>` : versioned}${rest})`;
  });
}
