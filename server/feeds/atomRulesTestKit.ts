// The W3C Feed Validation Service's rules for Atom 1.0 (RFC 4287) that can be checked offline, as a
// list of problems in its words: well-formed XML in the Atom namespace; the feed's and each entry's
// required elements, once each; RFC 3339 dates; ids that are absolute IRIs (tag: URIs as RFC 4151
// spells them), unique across entries; a self link that names the feed's own address; absolute links
// (after xml:base); text constructs of a known type; an entry with neither content nor an alternate
// link; HTML content with script, event handlers or relative addresses.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { fieldText } from '../schema/fieldText.ts';

const ATOM = 'http://www.w3.org/2005/Atom';
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))$/;
/** RFC 4151: tag:authority,date:specific (authority a DNS name or an e-mail address). */
const TAG_URI =
  /^tag:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|[^@\s]+@[a-z0-9.-]+),\d{4}(?:-\d{2}(?:-\d{2})?)?:[\x21-\x7e]*$/i;
const IRI = /^[a-z][a-z0-9+.-]*:[^\s]*$/i;
const TEXT_TYPES = ['text', 'html', 'xhtml'];

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  trimValues: false,
});

const all = (node: Node, name: string) => (node[name] as Node[] | undefined) ?? [];
const textOf = (node: Node | undefined) =>
  node === undefined ? undefined : typeof node === 'object' ? fieldText(node['#text']) : String(node);

function validDate(value: string): boolean {
  const m = RFC3339.exec(value);
  if (!m) return false;
  const [, y, mo, d, h, mi, s, , , oh = '0', om = '0'] = m.map((x) => x ?? '');
  const date = new Date(Date.UTC(+y!, +mo! - 1, +d!));
  return (
    date.getUTCMonth() === +mo! - 1 &&
    date.getUTCDate() === +d! &&
    +h! < 24 &&
    +mi! < 60 &&
    +s! < 61 &&
    +oh < 24 &&
    +om < 60
  );
}

/** Problems with an Atom document fetched from `location`; empty when it validates. */
export function atomProblems(xml: string, location: string): string[] {
  const problems: string[] = [];
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return [`not well-formed XML: ${JSON.stringify(wellFormed.err)}`];
  const doc = parser.parse(xml) as Node;
  const feed = all(doc, 'feed')[0];
  if (!feed) return ['the root element is not feed'];
  if (feed['@xmlns'] !== ATOM) problems.push(`feed is not in the Atom namespace (${String(feed['@xmlns'])})`);
  const base = typeof feed['@xml:base'] === 'string' ? new URL(feed['@xml:base'], location).href : location;
  const lang = feed['@xml:lang'];
  if (lang !== undefined && !/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i.test(fieldText(lang))) {
    problems.push(`invalid xml:lang: ${fieldText(lang)}`);
  }

  const once = (node: Node, where: string, name: string, required: boolean) => {
    const n = all(node, name).length;
    if (required && n === 0) problems.push(`Missing ${where} element: ${name}`);
    if (n > 1) problems.push(`${where} has ${n} ${name} elements; one is allowed`);
  };
  const date = (node: Node, where: string, name: string) => {
    const value = textOf(all(node, name)[0]);
    if (value !== undefined && !validDate(value))
      problems.push(`${where} ${name} is not an RFC 3339 date-time: ${value}`);
  };
  const id = (node: Node, where: string) => {
    const value = textOf(all(node, 'id')[0]);
    if (value === undefined) return undefined;
    if (!IRI.test(value)) problems.push(`${where} id is not an absolute IRI: ${value}`);
    if (/^tag:/i.test(value) && !TAG_URI.test(value))
      problems.push(`${where} id is not a valid tag: URI: ${value}`);
    return value;
  };
  const textConstructs = (node: Node, where: string, names: string[]) => {
    for (const name of names) {
      for (const el of all(node, name)) {
        const type = el['@type'];
        if (type !== undefined && !TEXT_TYPES.includes(fieldText(type))) {
          problems.push(`${where} ${name} has an unknown type: ${fieldText(type)}`);
        }
      }
    }
  };
  const links = (node: Node, where: string) => {
    const seen = new Set<string>();
    for (const link of all(node, 'link')) {
      const href = link['@href'];
      const rel = fieldText(link['@rel'], 'alternate');
      if (typeof href !== 'string') {
        problems.push(`${where} link without href`);
        continue;
      }
      if (!/^https?:\/\//i.test(new URL(href, base).href) || !/^[a-z][a-z0-9+.-]*:/i.test(href)) {
        problems.push(`${where} link is not an absolute address: ${href}`);
      }
      if (rel === 'alternate') {
        const key = `${fieldText(link['@type'])}|${fieldText(link['@hreflang'])}`;
        if (seen.has(key)) problems.push(`${where} has two alternate links of one type and language`);
        seen.add(key);
      }
    }
  };
  const html = (value: string, where: string) => {
    if (/<script/i.test(value)) problems.push(`${where} HTML contains a script`);
    if (/<[^>]+\son[a-z]+\s*=/i.test(value)) problems.push(`${where} HTML contains an event handler`);
    for (const [, attr, url] of value.matchAll(/\s(href|src)="([^"]*)"/gi)) {
      if (!url!.startsWith('#') && !/^[a-z][a-z0-9+.-]*:/i.test(url!)) {
        problems.push(`${where} HTML has a relative ${attr}: ${url}`);
      }
    }
  };

  for (const name of ['id', 'title', 'updated']) once(feed, 'feed', name, true);
  for (const name of ['subtitle', 'rights', 'icon', 'logo', 'generator']) once(feed, 'feed', name, false);
  date(feed, 'feed', 'updated');
  const feedId = id(feed, 'feed');
  textConstructs(feed, 'feed', ['title', 'subtitle', 'rights']);
  links(feed, 'feed');
  const self = all(feed, 'link').find((l) => l['@rel'] === 'self');
  if (!self) problems.push('Missing atom:link with rel="self"');
  else if (new URL(String(self['@href']), base).href !== location) {
    problems.push(`Self reference doesn't match document location: ${String(self['@href'])}`);
  }
  const feedAuthor = all(feed, 'author').length > 0;
  for (const author of all(feed, 'author'))
    if (!textOf(all(author, 'name')[0])) problems.push('feed author without name');

  const ids = new Set<string>();
  for (const [i, entry] of all(feed, 'entry').entries()) {
    const where = `entry ${i + 1}`;
    for (const name of ['id', 'title', 'updated']) once(entry, where, name, true);
    for (const name of ['published', 'summary', 'content', 'rights', 'source'])
      once(entry, where, name, false);
    date(entry, where, 'updated');
    date(entry, where, 'published');
    const entryId = id(entry, where);
    if (entryId !== undefined) {
      if (ids.has(entryId)) problems.push(`${where} has the id of an earlier entry: ${entryId}`);
      if (entryId === feedId) problems.push(`${where} has the feed's own id`);
      ids.add(entryId);
    }
    textConstructs(entry, where, ['title', 'summary', 'content', 'rights']);
    links(entry, where);
    const content = all(entry, 'content')[0];
    const alternate = all(entry, 'link').some((l) => (l['@rel'] ?? 'alternate') === 'alternate');
    if (!content && !alternate) problems.push(`${where} has neither content nor an alternate link`);
    if (content && content['@type'] === 'html') html(textOf(content) ?? '', `${where} content`);
    if (!feedAuthor && all(entry, 'author').length === 0)
      problems.push(`Missing entry element: author (${where})`);
  }
  return problems;
}
