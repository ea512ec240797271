// The one sanitize schema for every markdown text the site renders (DESIGN, Security baseline):
// GitHub's default allowlist, plus what the admin's markdown helper produces — underline, and a
// `style` on span/div/p kept only when every declaration is on an anchored allowlist of colour,
// alignment and font size. No url(), no functions, no other property: the whole attribute goes.
import { defaultSchema } from 'rehype-sanitize';
import type { Options as Schema } from 'rehype-sanitize';
import { SAFE_PROTOCOLS } from '../../../server/schema/links.ts';

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

export const sanitizeSchema: Schema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'u'],
  attributes: {
    ...defaultSchema.attributes,
    span: [...(defaultSchema.attributes?.span ?? []), [...styled]],
    div: [...(defaultSchema.attributes?.div ?? []), [...styled]],
    p: [...(defaultSchema.attributes?.p ?? []), [...styled]],
  },
  protocols: {
    ...defaultSchema.protocols,
    href: LINK_PROTOCOLS,
  },
};
