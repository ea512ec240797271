// The public site in each of its other languages (issue 36): for each language the site setting
// lists, the live site seen in it (LanguageView), its read model, its prepared answers and its pages
// under /<lang>/. Made when first asked and kept; each follows the index as the live site's do.
import type { ContentIndex } from '../content/index/contentIndex.ts';
import { LanguageView } from '../content/languages/languageView.ts';
import { ReadModel } from '../content/readModel/readModel.ts';
import { languageCodes } from '../schema/entities/languages.ts';
import { entities } from '../schema/registry.ts';
import { SOURCE_LANGUAGE, splitLanguagePath } from '../schema/site/languages.ts';
import type { GitStore } from '../store/gitStore.ts';
import { AppError } from '../schema/errors.ts';
import { PreparedCache } from './prepared.ts';
import type { SitePages, SitePagesOptions } from './sitePages.ts';
import type * as SitePagesModule from './sitePages.ts';
import type { Renderers } from './renderers.ts';
import type { WebApp } from './webApp.ts';

export interface LanguageSite {
  lang: string;
  view: LanguageView;
  model: ReadModel;
  cache: PreparedCache;
  /** Null until the page renderer has loaded, or when the web app is not built. */
  pages: SitePages | null;
}

export class LanguageSites {
  private readonly sites = new Map<string, LanguageSite>();
  private drawing: { web: WebApp; renderers: Renderers; options: SitePagesOptions } | null = null;
  private pagesModule: typeof SitePagesModule | null = null;

  constructor(
    private readonly index: ContentIndex,
    private readonly store: GitStore,
  ) {}

  /** The site's languages now, the source first (content/site/languages.md). */
  codes(): string[] {
    return languageCodes(this.index.get(entities.languages)?.data);
  }

  /** Whether `lang` is one of the site's languages other than the source. */
  has(lang: string): boolean {
    return lang !== SOURCE_LANGUAGE && this.codes().includes(lang);
  }

  /** The site in `lang` for a call that asked for it (`?lang=`); a language the site lacks is refused (400). */
  required(lang: string): LanguageSite {
    const site = this.site(lang);
    if (!site)
      throw new AppError(400, 'This site has no such language.', {
        lang: `One of: ${this.codes().join(', ')}`,
      });
    return site;
  }

  /** The language an address is in and the address without its folder (`/es/news` → es, `/news`). */
  split(pathname: string): { lang: string; path: string } {
    return splitLanguagePath(pathname, this.codes());
  }

  /** The site in `lang`, one of the site's languages other than the source; undefined otherwise. */
  site(lang: string): LanguageSite | undefined {
    if (!this.has(lang)) return undefined;
    let site = this.sites.get(lang);
    if (!site) {
      const view = new LanguageView(this.index, lang);
      const cache = new PreparedCache();
      view.changes.on((change) => cache.invalidate(change.entities));
      site = { lang, view, model: new ReadModel(view, this.store), cache, pages: null };
      this.sites.set(lang, site);
    }
    if (!site.pages && this.drawing && this.pagesModule) {
      const { web, renderers, options } = this.drawing;
      site.pages = new this.pagesModule.SitePages(site.model, site.cache, web, renderers, {
        ...options,
        lang,
        languages: () => this.codes(),
      });
    }
    return site;
  }

  /** The page renderer has loaded: each language's pages are drawn as the source's are. */
  drawWith(
    pagesModule: typeof SitePagesModule,
    web: WebApp,
    renderers: Renderers,
    options: SitePagesOptions,
  ): void {
    this.pagesModule = pagesModule;
    this.drawing = { web, renderers, options };
  }
}
