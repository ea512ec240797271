// A draft's site for staff reads (`?draft=ID`) and previews: a read model over the draft's view and
// the site's own page renderer on top, made once per draft commit and live change (Drafts.viewKey)
// and per preview root, and forgotten when either moves. Nothing here is ever put in the live site's
// caches: a draft's answers and pages are not public.
import type { Drafts } from '../drafts/drafts.ts';
import type { GitStore } from '../store/gitStore.ts';
import { ReadModel } from '../content/readModel/readModel.ts';
import type { DraftView } from '../content/drafts/draftView.ts';
import { PreparedCache } from './prepared.ts';
import type { SitePages, SitePagesOptions } from './sitePages.ts';
import type { WebApp } from './webApp.ts';
import type { LoadRenderers } from './renderers.ts';
import type { AboutFiles } from '../content/media/aboutFiles.ts';
import { pageMediaFacts } from '../media/pageMediaFacts.ts';
import { LanguageView } from '../content/languages/languageView.ts';

/** Drafts' sites kept made at once (each holds its own rendered pages). */
const KEEP = 24;

export interface DraftSite {
  view: DraftView;
  model: ReadModel;
  /** The draft's site seen in another language (issue 36): its read model and pages, made when first asked. */
  inLanguage(lang: string): DraftInLanguage;
  /** Null when the web app is not built. */
  pages: SitePages | null;
}

export interface DraftInLanguage {
  view: LanguageView;
  model: ReadModel;
  /** Its pages under /<lang>/; null when the web app is not built. */
  pages: SitePages | null;
}

export class DraftSites {
  private readonly sites = new Map<string, { key: string; site: Promise<DraftSite> }>();

  constructor(
    private readonly drafts: Drafts,
    private readonly store: GitStore,
    private readonly web: WebApp | null,
    private readonly renderers: LoadRenderers,
    private readonly options: SitePagesOptions,
    private readonly abouts?: AboutFiles,
  ) {}

  /** The draft's site with media served under `root` (`/preview/<id>/`, `/share/<token>/`). */
  async site(id: string, root: string): Promise<DraftSite> {
    const key = await this.drafts.viewKey(id);
    const name = `${id}|${root}`;
    const hit = this.sites.get(name);
    if (hit?.key === key) return hit.site;
    const site = this.make(id, root);
    this.sites.delete(name);
    if (this.sites.size >= KEEP) this.sites.delete(this.sites.keys().next().value!);
    this.sites.set(name, { key, site });
    site.catch(() => this.sites.delete(name));
    return site;
  }

  private async make(id: string, root: string): Promise<DraftSite> {
    const view = await this.drafts.view(id);
    const media = { root, read: (rel: string) => view.mediaBytes(rel) };
    const model = new ReadModel(view, this.store, media);
    const languages = new Map<string, DraftInLanguage>();
    let draw: ((model: ReadModel, lang?: string) => SitePages) | null = null;
    const inLanguage = (lang: string) => {
      let seen = languages.get(lang);
      if (!seen) {
        const inLang = new LanguageView(view, lang);
        const langModel = new ReadModel(inLang, this.store, media);
        languages.set(
          lang,
          (seen = { view: inLang, model: langModel, pages: draw?.(langModel, lang) ?? null }),
        );
      }
      return seen;
    };
    if (!this.web) return { view, model, inLanguage, pages: null };
    const web = this.web;
    const [{ SitePages }, renderers] = await Promise.all([import('./sitePages.ts'), this.renderers()]);
    // Staff's previews carry Edit links into the draft; a share link's reviewer has no admin to go to.
    const drawn = this.abouts ? { ...this.options, media: pageMediaFacts(view, this.abouts) } : this.options;
    const options = root.startsWith('/preview/') ? { ...drawn, editDraft: id } : drawn;
    draw = (m, lang) =>
      new SitePages(m, new PreparedCache(), web, renderers, lang ? { ...options, lang } : options);
    return { view, model, inLanguage, pages: draw(model) };
  }
}
