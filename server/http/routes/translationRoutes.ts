// What staff translate (issue 36): every item's translation state in a language, and one item's
// English and translated words side by side, with what changed in the English since — on the live site,
// or as a draft has them (`&draft=ID`) for translating inside a draft.
import { Router, type Request } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { requireUser } from '../auth/requireUser.ts';
import { queryString, route } from '../http.ts';
import { AppError } from '../../schema/errors.ts';
import { entityByName } from '../../schema/registry.ts';
import { wordsDef, wordsOf } from '../../schema/translations.ts';
import { TranslationStates } from '../../content/languages/translationStates.ts';
import type { LanguageSites } from '../languageSites.ts';
import type { DraftSites } from '../draftSites.ts';
import { isDraftId } from '../../store/draftRefs.ts';

export function translationRoutes(
  deps: Pick<AppDeps, 'accounts' | 'drafts' | 'index' | 'store'>,
  languages: LanguageSites,
  sites: DraftSites,
) {
  const router = Router();
  const states = new TranslationStates(deps.index, deps.store);
  const staff = requireUser(deps.accounts, 'drafts');
  const languageOf = (req: Request) => {
    const lang = queryString(req, 'lang') ?? '';
    if (!languages.has(lang))
      throw new AppError(400, 'Say which language: one the site is translated into.', {
        lang: `One of: ${languages.codes().slice(1).join(', ') || 'none yet'}`,
      });
    return lang;
  };

  router.get(
    '/translations',
    staff,
    route(async (req, res) => {
      const lang = languageOf(req);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ lang, items: await states.list(lang) });
    }),
  );

  /** `?draft=ID`: the item and its translation as that draft has them, else the live site's. */
  const viewOf = async (req: Request) => {
    const draft = queryString(req, 'draft');
    if (draft === undefined) return deps.index;
    if (!isDraftId(draft)) throw new AppError(404, 'There is no such draft.');
    deps.drafts.get(draft); // 404 in plain words for a draft that never was
    return (await sites.site(draft, `/preview/${draft}/`)).view;
  };

  router.get(
    '/translations/:entity/:id',
    staff,
    route(async (req, res) => {
      const lang = languageOf(req);
      const def = entityByName.get(String(req.params.entity));
      const words = def && def.storage !== 'private' ? wordsDef(def) : null;
      if (!def || !words) throw new AppError(404, 'There is no such kind of item to translate.');
      const id = String(req.params.id);
      const view = await viewOf(req);
      const facts = await states.of(def, id, lang, view);
      if (!facts)
        throw new AppError(404, `There is no ${def.label.toLowerCase()} item with id ${JSON.stringify(id)}.`);
      const source = view.get(def, id)!;
      const translation = view.translation(def, lang, id);
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        entity: def.name,
        id,
        lang,
        ...facts,
        fields: Object.keys(words.fields as Record<string, unknown>),
        english: wordsOf(def, source.data),
        translation: translation ? translation.data : null,
        version: translation?.version ?? '',
      });
    }),
  );
  return router;
}
