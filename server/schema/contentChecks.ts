// The content checks: what makes a page hard to use for people who cannot see its images, navigate it
// by headings or scan its links, and links to what the site does not have. Pure functions over an
// item's fields, chosen by each field's kind in the entity's declaration (markdown, image, link), so
// every entity gets them with nothing of its own. The change pipeline runs them on saves and a draft's
// publish (an image without a description refuses the save; the rest are warnings), the Content
// checks page and `npm run check-content` run them over the whole site, and the admin form asks about
// a text before it is saved. No zod and no Node: the web app imports this module too.
import type { EntityDef, Fields } from './define.ts';
import { fieldLeaves } from './listFields.ts';
import type { AnyField } from './fields.ts';
import { isSitePath } from './links.ts';
import { fieldText } from './fieldText.ts';

/** The admin's Content checks page: every problem of the live site, each linked to its item's form. */
export const CONTENT_CHECKS_ROUTE = '/ContentChecksAdminPage';

/** Which check found a problem. */
export type CheckName = 'alt' | 'headings' | 'linkText' | 'address' | 'media';

export interface Finding {
  /** The stored name of the field the problem is in (where the form shows it). */
  field: string;
  check: CheckName;
  /** What is wrong and what to do, in plain words. */
  message: string;
  /** Refuses the save (an image with no description); every other finding is a warning. */
  blocks: boolean;
}

/** What the checks need to know of the site: which of its addresses answer. */
export interface SiteFacts {
  /** Whether a page address of this site answers (a page, a redirect): a path, no query or hash. */
  hasPage(path: string): boolean;
  /** Whether a media file exists, by its path in the repository (`media/news/3.png`). */
  hasMedia(rel: string): boolean;
  /**
   * Whether a media file has a stored description (the media library's), which pages show where a
   * picture has no words of its own; none is assumed when not said.
   */
  describes?(rel: string): boolean;
}

// ---------------------------------------------------------------------------------------------------
// Reading markdown: just enough of CommonMark to find images, links and headings outside code.

export interface MarkdownImage {
  alt: string;
  src: string;
}
export interface MarkdownLink {
  text: string;
  href: string;
}
export interface MarkdownHeading {
  level: number;
  text: string;
}
export interface MarkdownParts {
  images: MarkdownImage[];
  links: MarkdownLink[];
  headings: MarkdownHeading[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_1 = /^ {0,3}=+[ \t]*$/;
const SETEXT_2 = /^ {0,3}-+[ \t]*$/;
const BLOCK_START = /^ {0,3}([-*+]\s|\d+[.)]\s|>|#|\||<)/;
// A destination: <anything> or text without spaces; then an optional "title", 'title' or (title).
const DESTINATION = String.raw`\(\s*(<[^>\n]*>|[^\s)]*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)`;
const IMAGE = new RegExp(String.raw`!\[([^\]]*)\]` + DESTINATION, 'g');
const LINK = new RegExp(String.raw`\[([^\]]*)\]` + DESTINATION, 'g');
const AUTOLINK = /<((?:https?|mailto):[^\s<>]+)>/gi;
const BARE_URL = /(^|[\s(])((?:https?:\/\/|www\.)[^\s<>()]+[^\s<>().,;:!?'"*_~])/gi;
const HTML_IMG = /<img\b[^>]*>/gi;
const attribute = (tag: string, name: string) =>
  new RegExp(String.raw`\s${name}\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))`, 'i').exec(tag);

const unwrap = (destination: string) =>
  destination.startsWith('<') ? destination.slice(1, -1) : destination;

/** The text outside fenced and indented code, with code spans blanked, and the headings found. */
function proseAndHeadings(markdown: string): { prose: string; headings: MarkdownHeading[] } {
  const headings: MarkdownHeading[] = [];
  const kept: string[] = [];
  let fence: string | null = null;
  let previous = '';
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const opens = FENCE.exec(line);
    if (fence !== null) {
      if (opens && opens[1]!.startsWith(fence)) fence = null;
      kept.push('');
      previous = '';
      continue;
    }
    if (opens) {
      fence = opens[1]!;
      kept.push('');
      previous = '';
      continue;
    }
    if (/^( {4}|\t)/.test(line) && previous.trim() === '') {
      kept.push('');
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) headings.push({ level: atx[1]!.length, text: (atx[2] ?? '').trim() });
    else if (previous.trim() && !BLOCK_START.test(previous) && !ATX.test(previous)) {
      if (SETEXT_1.test(line)) headings.push({ level: 1, text: previous.trim() });
      else if (SETEXT_2.test(line)) headings.push({ level: 2, text: previous.trim() });
    }
    kept.push(line);
    previous = line;
  }
  const prose = kept.join('\n').replace(/(`+)[^`]*?\1/g, (m) => ' '.repeat(m.length));
  return { prose, headings };
}

/** The images, links and headings a markdown text holds (outside code). */
export function readMarkdown(markdown: string): MarkdownParts {
  const { prose, headings } = proseAndHeadings(markdown);
  const images: MarkdownImage[] = [];
  // An image inside a link is the link's text: it is read, then stands as its alt text.
  let text = prose.replace(IMAGE, (_m, alt: string, dest: string) => {
    images.push({ alt: alt.trim(), src: unwrap(dest) });
    return alt;
  });
  text = text.replace(HTML_IMG, (tag) => {
    const alt = attribute(tag, 'alt');
    const src = attribute(tag, 'src');
    images.push({
      alt: (alt?.[1] ?? alt?.[2] ?? alt?.[3] ?? '').trim(),
      src: src?.[1] ?? src?.[2] ?? src?.[3] ?? '',
    });
    return ' ';
  });
  const links: MarkdownLink[] = [];
  text = text.replace(LINK, (_m, words: string, dest: string) => {
    links.push({ text: words.replace(/\s+/g, ' ').trim(), href: unwrap(dest) });
    return ' ';
  });
  text = text.replace(AUTOLINK, (_m, url: string) => {
    links.push({ text: url, href: url });
    return ' ';
  });
  for (const m of text.matchAll(BARE_URL)) links.push({ text: m[2]!, href: m[2]! });
  return { images, links, headings };
}

// ---------------------------------------------------------------------------------------------------
// The checks, each over one field's value.

const quoted = (s: string) => `“${s.length > 60 ? `${s.slice(0, 57)}…` : s}”`;

/** The media file (`media/…`) an image's address names on this site, or null. */
function mediaFileOf(src: string): string | null {
  const path = sitePathOf(src);
  return path === null ? null : mediaRel(path);
}

/** Images in a markdown text without a description (alt text), neither their own nor their file's. */
export function markdownAltProblems(parts: MarkdownParts, site?: Pick<SiteFacts, 'describes'>): string[] {
  const described = (src: string) => {
    const rel = mediaFileOf(src);
    return rel !== null && !!site?.describes?.(rel);
  };
  return parts.images
    .filter((i) => i.alt === '' && !described(i.src))
    .map(
      (i) =>
        `The image ${quoted(i.src || 'without an address')} has no description for people who cannot see it. ` +
        `Write what it shows between the square brackets, as in ![Teachers at the symposium](${i.src || '…'}), ` +
        'or ![decorative](…) if it adds nothing to the text.',
    );
}

/**
 * Headings that skip a level (## then ####) or repeat the page's main heading: every page shows its
 * own title as its one level-1 heading above any text, so a text's headings start at level 2 (##).
 */
export function headingProblems(parts: MarkdownParts): string[] {
  const problems: string[] = [];
  let last = 0;
  for (const h of parts.headings) {
    const name = h.text ? quoted(h.text) : 'without words';
    if (h.level === 1)
      problems.push(
        `The heading ${name} is a main heading (#), but the page already has its title as its main heading. Use ## instead.`,
      );
    else if (last && h.level > last + 1)
      problems.push(
        `The heading ${name} skips from level ${last} to level ${h.level}. Use ${'#'.repeat(last + 1)} so people who move through the page by its headings miss nothing.`,
      );
    last = h.level;
  }
  return problems;
}

/** Link words that say nothing of where the link goes. */
const VAGUE = new Set([
  'click here',
  'click',
  'here',
  'click this',
  'read more',
  'more',
  'learn more',
  'more info',
  'more information',
  'find out more',
  'see more',
  'this',
  'this link',
  'link',
  'this page',
  'go',
  'details',
]);

const linkWords = (text: string) =>
  text
    .replace(/[*_~`]/g, '')
    .replace(/[\s.,:;!?…»›>-]+$/u, '')
    .replace(/^[\s«‹<-]+/u, '')
    .trim()
    .toLowerCase();

/** Links whose words say nothing of where they go ("click here", "read more", a bare address). */
export function linkTextProblems(parts: MarkdownParts): string[] {
  const problems: string[] = [];
  for (const l of parts.links) {
    const words = linkWords(l.text);
    if (VAGUE.has(words))
      problems.push(
        `The link ${quoted(l.text)} does not say where it goes. Use words that name what it opens, such as “the 2026 research brief”.`,
      );
    else if (/^(https?:\/\/|www\.)\S+$/i.test(words) || (words !== '' && words === l.href.toLowerCase()))
      problems.push(
        `The link ${quoted(l.text)} shows a bare web address. Use words that name what it opens, and keep the address in the link.`,
      );
    else if (words === '')
      problems.push(
        `A link to ${quoted(l.href)} has no words. Write what it opens between the square brackets.`,
      );
  }
  return problems;
}

/** A link's address on this site as a path ('/news'), its query and fragment dropped; null when off site. */
export function sitePathOf(href: string): string | null {
  const v = href.trim();
  if (!isSitePath(v)) return null;
  let p = v.replace(/[?#].*$/s, '');
  try {
    p = decodeURI(p);
  } catch {
    /* a malformed escape is checked as written */
  }
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** Where an address of this site leads: a media file (`media/…`) or a page. */
const mediaRel = (path: string) => (path.toLowerCase().startsWith('/media/') ? path.slice(1) : null);

/** Links and images pointing at an address or media file this site does not have. */
export function addressProblems(
  parts: Pick<MarkdownParts, 'images' | 'links'>,
  site: SiteFacts,
): { check: 'address' | 'media'; message: string }[] {
  const problems: { check: 'address' | 'media'; message: string }[] = [];
  const seen = new Set<string>();
  const targets = [
    ...parts.images.map((i) => ({ href: i.src, image: true })),
    ...parts.links.map((l) => ({ href: l.href, image: false })),
  ];
  for (const { href, image } of targets) {
    const path = sitePathOf(href);
    if (path === null || seen.has(path)) continue;
    seen.add(path);
    const media = mediaRel(path);
    if (media !== null) {
      if (!site.hasMedia(media))
        problems.push({
          check: 'media',
          message: `${image ? 'The image' : 'The link to'} ${quoted(path)} ${image ? 'is' : 'points at'} a file this site does not have. Upload the file, or correct the address.`,
        });
    } else if (!site.hasPage(path))
      problems.push({
        check: 'address',
        message: `The link to ${quoted(path)} goes to a page this site does not have. Correct the address, or add a redirect for it on the Redirects page.`,
      });
  }
  return problems;
}

/** An image field set without the words that describe it (its declared source is empty). */
function imageFieldProblem(
  fields: Fields,
  key: string,
  field: AnyField,
  data: Record<string, unknown>,
  site: SiteFacts,
  prefix = '',
): Finding | null {
  const alt = field.alt;
  const file = fieldText(data[key]).trim();
  if (field.kind !== 'image' || !alt || alt === 'decorative' || !file) return null;
  // A picture from the library with its own stored description is described wherever it is used.
  if ('field' in alt && site.describes?.(file)) return null;
  const source = 'field' in alt ? alt.field : alt.from;
  const words = fieldText(data[source]).trim();
  if (words !== '') return null;
  const message =
    'field' in alt
      ? `Describe the ${field.label.toLowerCase()} for people who cannot see it, or write “decorative” if it adds nothing to the text beside it.`
      : `The ${field.label.toLowerCase()} is described by the ${(fields[source]?.label ?? source).toLowerCase()}, which is empty.`;
  return { field: prefix + source, check: 'alt', message, blocks: true };
}

/**
 * Every problem of one item, by field: the checks each field's kind calls for. Images without a
 * description block; the rest are warnings.
 */
export function checkItem(def: EntityDef, data: Record<string, unknown>, site: SiteFacts): Finding[] {
  const findings: Finding[] = [];
  // Parts of lists (a page's sections) are checked as the fields they are, named by their place.
  for (const { key, field, value, scope } of fieldLeaves(def.fields as Fields, data)) {
    if (field.kind === 'image') {
      // A picture in a list is chosen from the site's media by its path: it must be there.
      const file = fieldText(value).trim();
      if (scope.prefix && file && !site.hasMedia(file))
        findings.push({
          field: key,
          check: 'media',
          message: `The picture ${quoted('/' + file)} is a file this site does not have. Choose one from the media library.`,
          blocks: true,
        });
      const name = key.slice(scope.prefix.length);
      const problem = imageFieldProblem(scope.fields, name, field, scope.data, site, scope.prefix);
      if (problem) findings.push(problem);
      continue;
    }
    if (typeof value !== 'string' || value.trim() === '') continue;
    if (field.kind === 'link') {
      for (const p of addressProblems({ images: [], links: [{ text: '', href: value }] }, site))
        findings.push({ field: key, ...p, blocks: false });
      continue;
    }
    if (field.kind !== 'markdown') continue;
    const parts = readMarkdown(value);
    for (const message of markdownAltProblems(parts, site))
      findings.push({ field: key, check: 'alt', message, blocks: true });
    for (const message of headingProblems(parts))
      findings.push({ field: key, check: 'headings', message, blocks: false });
    for (const message of linkTextProblems(parts))
      findings.push({ field: key, check: 'linkText', message, blocks: false });
    for (const p of addressProblems(parts, site)) findings.push({ field: key, ...p, blocks: false });
  }
  return findings;
}

/** The findings that refuse a save, as the answer's `fields` (one message per field). */
export function refusals(findings: readonly Finding[]): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const f of findings)
    if (f.blocks) out[f.field] = out[f.field] ? `${out[f.field]} ${f.message}` : f.message;
  return Object.keys(out).length ? out : null;
}

/** A warning as a save's answer carries it. */
export interface FieldWarning {
  field: string;
  message: string;
}

export const warningsOf = (findings: readonly Finding[]): FieldWarning[] =>
  findings.filter((f) => !f.blocks).map(({ field, message }) => ({ field, message }));
