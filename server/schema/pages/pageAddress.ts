// A page's address (issue 34): lower case letters, digits and hyphens, one to three parts
// (/summer-camp, /programs/summer-camp); a nested one lives under another page. An address never
// takes one the site already answers: a fixed page or what lies under it, an event page, another
// page, a redirect's old address, or the server's own (/api, /media…). Pure: the admin form checks
// the same as staff type.
import { z } from 'zod';
import type { FieldDef } from '../fields.ts';
import { text } from '../textFields.ts';
import { FIXED_PAGES } from '../sitePaths.ts';

const PART = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_ADDRESS_PARTS = 3;
const MAX_PART = 60;

/**
 * First parts the server answers itself, or keeps for what is coming (/es for the Spanish site):
 * a page there would never be reached.
 */
export const RESERVED_FIRST_PARTS = new Set([
  'api',
  'media',
  'assets',
  'preview',
  'share',
  'page-data',
  'admin',
  'icons',
  'es',
  'en',
  ...FIXED_PAGES.map((p) => p.slice(1).toLowerCase()).filter(Boolean),
]);

/** What is wrong with an address as typed (after trimming), or null: its form, not its neighbours. */
export function addressFormProblem(path: string): string | null {
  if (!path.startsWith('/') || path === '/')
    return 'The address starts with / and names the page, for example /summer-camp.';
  const parts = path.slice(1).split('/');
  if (parts.length > MAX_ADDRESS_PARTS)
    return `An address has at most ${MAX_ADDRESS_PARTS} parts (/programs/camps/summer).`;
  for (const part of parts) {
    if (!PART.test(part))
      return 'Use lower case letters, digits and hyphens only, with / between parts (/programs/summer-camp).';
    if (part.length > MAX_PART) return `Each part of the address is at most ${MAX_PART} characters.`;
  }
  if (RESERVED_FIRST_PARTS.has(parts[0]!))
    return `The site already has an address starting /${parts[0]}. Choose another.`;
  return null;
}

/** An address as staff type it, tidied: spaces around and a slash at the end go, one slash in front. */
export function tidyAddress(raw: string): string {
  const v = raw.trim().replace(/\/+$/, '');
  return v === '' || v.startsWith('/') ? v : `/${v}`;
}

/** The page an address is nested under (/programs for /programs/summer-camp), or null at the top. */
export const parentAddress = (path: string): string | null => {
  const cut = path.lastIndexOf('/');
  return cut > 0 ? path.slice(0, cut) : null;
};

/** The address field: tidied, then its form checked. */
export const pageAddress = (label: string): FieldDef<'text', string> => ({
  ...text(label, { required: true }),
  placeholder: '/summer-camp',
  unsearched: true,
  examples: ['/summer-camp', '/programs/summer-camp'],
  help: 'Where the page lives: lower case letters, digits and hyphens (/summer-camp). Put it under another page with / (/programs/summer-camp).',
  schema: z
    .union([z.string(), z.null()], { error: `${label} must be text` })
    .optional()
    .transform((raw, ctx) => {
      const v = tidyAddress(raw ?? '');
      if (v === '') {
        ctx.addIssue({ code: 'custom', message: `${label} is required` });
        return z.NEVER;
      }
      const problem = addressFormProblem(v);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return v;
    }),
});
