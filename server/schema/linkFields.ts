// Field helpers for addresses: a link (web, email or a page of this site) and the address of a script
// the public site loads (admins only). Pure TypeScript + zod.
import { z } from 'zod';
import { normalizeLink } from './links.ts';
import { type FieldDef } from './fields.ts';
import { ASK_SCHEMA, withQuickCheck } from './quickCheck.ts';
import { stringQuickCheck, stringSchema } from './textFields.ts';

export const link = (
  label: string,
  opts: { required?: boolean | string; help?: string } = {},
): FieldDef<'link', string> => ({
  kind: 'link',
  label,
  help: opts.help,
  required: !!opts.required,
  initial: '',
  placeholder: 'https://example.org or /page',
  schema: withQuickCheck(
    stringSchema(label, opts, true).transform((v, ctx) => {
      const out = normalizeLink(v);
      if (out === null) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be a web address (https://…), an email link (mailto:…) or a page of this site (/…)`,
        });
        return z.NEVER;
      }
      return out;
    }),
    (raw) => {
      const v = stringQuickCheck(opts, true)(raw);
      return typeof v === 'string' ? (normalizeLink(v) ?? ASK_SCHEMA) : ASK_SCHEMA;
    },
  ),
});

/**
 * The address of a script the public site loads: https on one of the named hosts only, and changed by
 * admins only — whoever sets it runs code in every visitor's browser.
 */
export const scriptLink = (
  label: string,
  opts: { hosts: readonly string[]; help?: string },
): FieldDef<'link', string> => {
  const base = link(label, { help: opts.help });
  const allowed = (v: string) => {
    if (v === '') return true;
    try {
      const url = new URL(v);
      return url.protocol === 'https:' && opts.hosts.includes(url.hostname.toLowerCase());
    } catch {
      return false;
    }
  };
  const message = `${label} must be an https:// address on ${opts.hosts.join(' or ')}`;
  return {
    ...base,
    onlyAdmins: true,
    placeholder: `https://${opts.hosts[0] ?? 'example.org'}/…`,
    examples: opts.hosts.map((h) => `https://${h}/javascripts/api/embed.js`),
    schema: withQuickCheck(stringSchema(label, {}, true).refine(allowed, { message }), (raw) => {
      const v = stringQuickCheck({}, true)(raw);
      return typeof v === 'string' && allowed(v) ? v : ASK_SCHEMA;
    }),
  };
};
