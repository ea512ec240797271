// Field helpers for uploaded files: an image (with where its text alternative comes from) and a PDF,
// both stored as a path under media/. Pure TypeScript + zod.
import { z } from 'zod';
import type { ImageAlt } from './imageAlt.ts';
import { type FieldDef, requiredMessage } from './fields.ts';
import { ASK_SCHEMA, withQuickCheck } from './quickCheck.ts';

const MEDIA_PATH = /^media\/[a-z0-9-]+\/[A-Za-z0-9_-]+\.(jpg|png|gif|webp|pdf)$/;

/** A stored media path (`media/<collection>/<id>.<ext>`), set only by uploads. */
const media =
  <K extends 'image' | 'pdf'>(kind: K) =>
  (
    label: string,
    opts: { required?: boolean | string; help?: string; fromPdf?: K extends 'image' ? string : never } = {},
  ): FieldDef<K, string> => ({
    kind,
    label,
    help: opts.help,
    required: !!opts.required,
    ...(opts.fromPdf ? { fromPdf: opts.fromPdf } : {}),
    initial: '',
    schema: withQuickCheck(
      z
        .string()
        .optional()
        .transform((raw, ctx) => {
          const v = (raw ?? '').trim();
          if (v === '') {
            if (opts.required)
              ctx.addIssue({ code: 'custom', message: requiredMessage(label, opts.required) });
            return '';
          }
          if (!MEDIA_PATH.test(v)) {
            ctx.addIssue({ code: 'custom', message: `${label} must be a file under media/` });
            return z.NEVER;
          }
          return v;
        }),
      (raw) => {
        if (typeof raw !== 'string' && raw !== undefined) return ASK_SCHEMA;
        const v = (raw ?? '').trim();
        if (v === '') return opts.required ? ASK_SCHEMA : '';
        return MEDIA_PATH.test(v) ? v : ASK_SCHEMA;
      },
    ),
  });

/** An image: its declaration says where its text alternative comes from (ImageAlt), so none lacks one. */
export const image = (
  label: string,
  opts: { required?: boolean | string; help?: string; alt: ImageAlt; fromPdf?: string },
): FieldDef<'image', string> => ({ ...media('image')(label, opts), alt: opts.alt });
export const pdf = media('pdf');
