// The one sanitize schema for every markdown text the site renders (DESIGN, Security baseline):
// GitHub's default allowlist, plus what the admin's markdown helper produces — underline, and a
// `style` on span/div/p kept only when every declaration is on an anchored allowlist of colour,
// alignment and font size. No url(), no functions, no other property: the whole attribute goes.
// GitHub's list already has what GitHub-flavoured markdown makes (tables, <del>, task lists'
// disabled checkboxes, footnotes' sections and links) and prefixes every id and name
// (CLOBBER_PREFIX, textIds.ts); the footnotes' screen-reader heading may be renumbered below h2
// (headingLevels.ts), so its class is kept on every level it can take.
import { defaultSchema } from 'rehype-sanitize';
import type { Options as Schema } from 'rehype-sanitize';
import { SAFE_PROTOCOLS } from '../../../server/schema/links.ts';
import { CLOBBER_PREFIX } from './textIds.ts';

/** Link protocols kept in rendered markdown (spec §1); relative links are always kept. */
export const LINK_PROTOCOLS = [...SAFE_PROTOCOLS];

const COLOR = String.raw`color\s*:\s*(?:#[0-9a-f]{3}|#[0-9a-f]{4}|#[0-9a-f]{6}|#[0-9a-f]{8}|[a-z]{3,20})`;
const ALIGN = String.raw`text-align\s*:\s*(?:left|center|right|justify)`;
const SIZE = String.raw`font-size\s*:\s*(?:\d{1,4}(?:\.\d{1,4})?|\.\d{1,4})(?:px|em|rem|vh|%)`;
const DECLARATION = `(?:${COLOR}|${ALIGN}|${SIZE})`;

/** One or more allowed declarations separated by ';', optional trailing ';', nothing else. */
export const ALLOWED_STYLE = new RegExp(
  String.raw`^\s*${DECLARATION}\s*(?:;\s*${DECLARATION}\s*)*;?\s*$`,
  'i',
);

export const isAllowedStyle = (style: string) => ALLOWED_STYLE.test(style);

const styled = ['style', ALLOWED_STYLE] as const;
const screenReaderOnly = [['className', 'sr-only']] as NonNullable<Schema['attributes']>[string];

export const sanitizeSchema: Schema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'u'],
  attributes: {
    ...defaultSchema.attributes,
    span: [...(defaultSchema.attributes?.span ?? []), [...styled]],
    div: [...(defaultSchema.attributes?.div ?? []), [...styled]],
    p: [...(defaultSchema.attributes?.p ?? []), [...styled]],
    // A task list's box is named by its item (taskLists.ts).
    input: [...(defaultSchema.attributes?.input ?? []), 'ariaLabel'],
    h3: screenReaderOnly,
    h4: screenReaderOnly,
    h5: screenReaderOnly,
    h6: screenReaderOnly,
  },
  clobberPrefix: CLOBBER_PREFIX,
  protocols: {
    ...defaultSchema.protocols,
    href: LINK_PROTOCOLS,
  },
};
