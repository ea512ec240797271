// Spreadsheets in and out (issue 37): every collection as CSV or JSON, for whoever may read it in the
// admin, and back in as one import through the one operation — with a preview (`?preview=1`) that
// says what each row would do and writes nothing. `?draft=ID` reads and writes the draft, as saves do.
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../appDeps.ts';
import type { CollectionDef } from '../../schema/define.ts';
import { collections } from '../../schema/registry.ts';
import { AppError } from '../../schema/errors.ts';
import { toZonedIso } from '../../schema/siteTime.ts';
import { isDraftId } from '../../store/draftRefs.ts';
import { ImportRefusedError, type ImportChange } from '../../content/writer/change.ts';
import type { ContentView } from '../../content/index/contentIndex.ts';
import { readSheet, writeSheet, type SheetFormat, type SheetProblem } from '../../spreadsheets/sheetRows.ts';
import { actorOf, liveOrDraft, requireUser } from '../auth/requireUser.ts';
import { readFileBody } from '../bodies.ts';
import { queryString, route, sendError } from '../http.ts';

/** The largest file an import reads. */
export const SPREADSHEET_LIMIT = 5 * 1024 * 1024;

const TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

export function spreadsheetRoutes(deps: Pick<AppDeps, 'accounts' | 'index' | 'drafts' | 'writer'>): Router {
  const router = Router();

  const collectionOf = (req: Request): CollectionDef => {
    const name = queryString(req, 'entity');
    const def = collections.find((c) => c.name === name);
    if (!def)
      throw new AppError(400, 'Say which kind of items (entity): one of the site’s collections.', {
        entity: `One of: ${collections.map((c) => c.name).join(', ')}`,
      });
    return def;
  };
  const formatOf = (req: Request): SheetFormat => {
    const format = queryString(req, 'format') ?? 'csv';
    if (format !== 'csv' && format !== 'json')
      throw new AppError(400, 'The file format is csv or json.', { format: 'csv or json' });
    return format;
  };
  const draftOf = (req: Request): string | undefined => {
    const id = queryString(req, 'draft');
    if (id !== undefined && !isDraftId(id)) throw new AppError(404, 'There is no such draft.');
    return id;
  };
  const viewOf = async (draft: string | undefined): Promise<ContentView> => {
    if (draft === undefined) return deps.index;
    deps.drafts.get(draft); // 404 in plain words for a draft that never was
    return deps.drafts.view(draft);
  };

  router.get(
    '/export',
    requireUser(deps.accounts, 'drafts'),
    route(async (req, res) => {
      const def = collectionOf(req);
      const format = formatOf(req);
      const view = await viewOf(draftOf(req));
      const day = toZonedIso(Date.now()).slice(0, 10);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Disposition', `attachment; filename="${def.name}-${day}.${format}"`);
      res.type(TYPES[format]).send(writeSheet(def, view.list(def), format));
    }),
  );

  router.post(
    '/import',
    requireUser(deps.accounts, liveOrDraft),
    ...readFileBody(SPREADSHEET_LIMIT),
    route(async (req, res) => {
      const def = collectionOf(req);
      const format = formatOf(req);
      const draft = draftOf(req);
      const preview = ['1', 'true'].includes(queryString(req, 'preview') ?? queryString(req, 'dryRun') ?? '');
      const { rows, problems } = readSheet(def, textOf(req.body), format);
      const view = await viewOf(draft);
      for (const r of rows)
        if (r.id !== undefined && !view.get(def, r.id))
          problems.push({
            row: r.row,
            field: 'id',
            error: `There is no ${def.label.toLowerCase()} item with id ${r.id}. Leave the id empty to add it as a new item.`,
          });
      const usable = rows.filter((r) => !problems.some((p) => p.row === r.row));
      const actor = actorOf(req);
      const change: ImportChange = {
        kind: 'import',
        source: sourceName(queryString(req, 'name'), `${def.name}.${format}`),
        items: usable.map((r) => ({ def, ...(r.id !== undefined ? { id: r.id } : {}), input: r.input })),
        into: draft ? deps.drafts.target(draft, actor) : undefined,
      };
      try {
        if (preview || problems.length) {
          const { items } = usable.length ? await deps.writer.dryRun(actor, change) : { items: [] };
          if (problems.length) return refuse(res, problems);
          const count = (action: string) => items.filter((i) => i.action === action).length;
          res.json({
            preview: true,
            created: count('create'),
            updated: count('update'),
            unchanged: count('unchanged'),
            rows: items.map((i) => ({
              row: usable[i.item]!.row,
              id: i.id,
              action: i.action,
              fields: i.fields,
            })),
            errors: [],
          });
          return;
        }
        const result = await deps.writer.run(actor, change);
        const { created, updated } = result.imported ?? { created: 0, updated: 0 };
        res.json({ created, updated, errors: [], ...(result.commit ? { commit: result.commit } : {}) });
      } catch (e) {
        if (!(e instanceof ImportRefusedError)) throw e;
        refuse(res, [
          ...problems,
          ...e.problems.map((p) => ({ row: usable[p.item]!.row, field: p.field, error: p.error })),
        ]);
      }
    }),
  );
  return router;
}

/** 400 with every problem, by row as the spreadsheet shows it: nothing was written. */
function refuse(res: Response, problems: SheetProblem[]) {
  const errors = [...problems].sort((a, b) => a.row - b.row);
  const first = errors[0]!;
  const message = `${errors.length === 1 ? 'One problem' : `${errors.length} problems`} stopped the import, so nothing was imported. The first: row ${first.row}${first.field ? `, ${first.field}` : ''}: ${first.error}`;
  sendError(
    res,
    400,
    message,
    Object.fromEntries(errors.map((p) => [`${p.row}${p.field ? `.${p.field}` : ''}`, p.error])),
    { created: 0, updated: 0, errors },
  );
}

/** The body as text: a file that is not UTF-8 is refused in plain words. */
function textOf(body: unknown): string {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(
      400,
      'The file is not saved as UTF-8 text. In your spreadsheet app, save it as “CSV UTF-8”.',
    );
  }
}

/** The file's name as the commit message tells it (`?name=`), else what the entity and format say. */
function sourceName(given: string | undefined, fallback: string): string {
  const clean = (given ?? '')
    .replace(/^.*[\\/]/, '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, 80);
  return clean || fallback;
}
