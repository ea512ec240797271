// The built web app in memory: every file of dist/ with the build's .br and .gz beside it as its
// compressed variants, and the page (index.html) with the Content-Security-Policy of each route.
import path from 'node:path';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { ContentIndex } from '../content/index/contentIndex.ts';
import { type Encoding, prepareBody } from './prepared.ts';
import { entities } from '../schema/registry.ts';
import { Answer, type Header } from './answer.ts';
import { securityHeaders } from './securityHeaders.ts';
import { VIDEO_FRAME_ORIGINS } from '../schema/site/videos.ts';

const DASHBOARD_ROUTE = '/TableauDashboardEmbed';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How often a request may look whether a new build replaced dist/ (a stat of five paths). */
const CHECK_EVERY_MS = 1000;

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  pdf: 'application/pdf',
  wasm: 'application/wasm',
};
const VARIANTS: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** Paths under /assets/ are hashed build files: a missing one is a 404, never the page. */
export const isAssetPath = (urlPath: string) => /^\/assets(\/|$)/i.test(urlPath);

const originOf = (url: unknown) => {
  try {
    const u = new URL(String(url));
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
};

function contentSecurityPolicy(extraScript: string[] = [], extraFrame: string[] = []): string {
  const list = (xs: string[]) => (xs.length ? ` ${xs.join(' ')}` : '');
  return [
    "default-src 'self'",
    `script-src 'self'${list(extraScript)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    // Videos of staff's pages play in their providers' privacy-enhanced players, on any page: the site
    // moves between pages without loading a new one (and so without a new policy).
    `frame-src 'self' ${VIDEO_FRAME_ORIGINS.join(' ')}${list(extraFrame)}`,
    `connect-src 'self'${list(extraScript)}`,
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
  ].join('; ');
}

interface Page {
  html: Buffer;
  htmlVariants: Partial<Record<Encoding, Buffer>>;
  text?: string;
}
interface Build extends Page {
  files: Map<string, Answer>;
  /** admin.html: the admin app's own page, its first screen's scripts preloaded. */
  admin: Page | null;
}

/** Built pages, sent only as pages (never as files at their own address). */
const PAGES = new Set(['index.html', 'admin.html']);

/**
 * Headers of a page of the web app: never cached without asking, and its route's policy. Its links
 * send the address only to this site (helmet's no-referrer would make a form posted without
 * JavaScript say it comes from nowhere, `Origin: null`, which the origin check refuses).
 */
export const pageHeaders = (csp: string): Header[] => [
  ['Content-Security-Policy', csp],
  ['Cache-Control', 'no-cache'],
  ['Referrer-Policy', 'same-origin'],
];

export class WebApp {
  private build!: Build;
  private signature = '';
  private generation = 0;
  private checkedAt = 0;
  private page?: Answer;
  private admin?: Answer;
  private dashboard?: { settingsVersion: string; answer: Answer };

  constructor(
    private readonly distDir: string,
    private readonly index: ContentIndex,
  ) {
    this.refresh();
    if (!this.build) throw new Error(`There is no built web app in ${distDir}: run \`npm run build\`.`);
  }

  /** A built file by its URL path (index.html only ever goes out as the page). */
  file(urlPath: string): Answer | undefined {
    this.refresh();
    return this.build.files.get(urlPath);
  }

  /** Which build is loaded: it changes when a new build replaces dist/. */
  buildId(): number {
    this.refresh();
    return this.generation;
  }

  /** index.html as built (the admin's page, and the frame server-rendered pages go into). */
  template(): string {
    this.refresh();
    return (this.build.text ??= this.build.html.toString('utf8'));
  }

  /** admin.html as built, or null when the build has none (admin pages drawn on the server go in it). */
  adminTemplate(): string | null {
    this.refresh();
    const admin = this.build.admin;
    return admin && (admin.text ??= admin.html.toString('utf8'));
  }

  /** The Content-Security-Policy of a route: the dashboard's allows its external script. */
  policyFor(urlPath: string): string {
    if (urlPath.toLowerCase() !== DASHBOARD_ROUTE.toLowerCase()) return contentSecurityPolicy();
    const settings = this.index.get(entities.siteSettings);
    // The external dashboard script is allowed on its own page only (DESIGN.md security baseline).
    const script = originOf(settings?.data.dashboard_script_url);
    const frame = originOf(settings?.data.dashboard_url);
    const frames = [script, frame].filter((x): x is string => !!x);
    return contentSecurityPolicy(script ? [script] : [], frames);
  }

  /** index.html, with the Content-Security-Policy of the route it is served for. */
  pageFor(urlPath: string): Answer {
    this.refresh();
    if (urlPath !== DASHBOARD_ROUTE) return (this.page ??= this.pageAnswer(contentSecurityPolicy()));
    const settingsVersion = this.index.get(entities.siteSettings)?.version ?? '';
    if (this.dashboard?.settingsVersion !== settingsVersion) {
      this.dashboard = { settingsVersion, answer: this.pageAnswer(this.policyFor(urlPath)) };
    }
    return this.dashboard.answer;
  }

  /** The page of the admin addresses: admin.html when the build has it, else index.html. */
  adminPage(): Answer {
    this.refresh();
    if (!this.build.admin) return this.pageFor('/admin');
    return (this.admin ??= this.pageAnswer(contentSecurityPolicy(), this.build.admin));
  }

  private pageAnswer(csp: string, page: Page = this.build): Answer {
    const { html, htmlVariants } = page;
    const prepared = prepareBody(
      html,
      TYPES.html!,
      Object.keys(htmlVariants).length ? htmlVariants : 'compress',
    );
    return new Answer(prepared, {
      headers: pageHeaders(csp),
      around: securityHeaders(),
    });
  }

  /** Loads dist/ again when a new build replaced it, so a running server serves the new asset names. */
  private refresh(): void {
    const now = Date.now();
    if (this.build && now - this.checkedAt < CHECK_EVERY_MS) return;
    this.checkedAt = now;
    // The folders' times change when the build adds files (its .br/.gz come after index.html).
    const html = path.join(this.distDir, 'index.html');
    const signature = [this.distDir, path.join(this.distDir, 'assets'), html, `${html}.br`, `${html}.gz`]
      .map((p) => statSync(p, { throwIfNoEntry: false })?.mtimeMs ?? 0)
      .join('/');
    if (signature === this.signature) return;
    // While a build is writing dist/ there is no index.html for a moment: keep serving what was loaded.
    const page = readIfFile(html);
    if (!page) return;
    this.signature = signature;
    this.generation++;
    const adminHtml = path.join(this.distDir, 'admin.html');
    const adminPage = readIfFile(adminHtml);
    this.build = {
      files: new Map(),
      html: page,
      htmlVariants: variantsOf(html),
      admin: adminPage && { html: adminPage, htmlVariants: variantsOf(adminHtml) },
    };
    this.page = undefined;
    this.admin = undefined;
    this.dashboard = undefined;
    for (const rel of filesUnder(this.distDir)) {
      if (PAGES.has(rel)) continue;
      const full = path.join(this.distDir, rel);
      const bytes = readIfFile(full);
      if (!bytes) continue;
      const urlPath = `/${rel}`;
      const type = TYPES[path.extname(rel).slice(1).toLowerCase()] ?? 'application/octet-stream';
      const headers: Header[] = [
        ['Cache-Control', isAssetPath(urlPath) ? IMMUTABLE : 'public, max-age=3600'],
      ];
      const prepared = prepareBody(bytes, type, variantsOf(full));
      this.build.files.set(urlPath, new Answer(prepared, { headers, around: securityHeaders() }));
    }
  }
}

/** Files under dir as URL-style relative paths: no dotfiles, and no .br/.gz (they are only variants). */
function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...filesUnder(dir, rel));
    else if (e.isFile() && !/\.(br|gz)$/.test(e.name)) out.push(rel);
  }
  return out;
}

/** The build's compressed copies of a file; one older than the file is left from an earlier build. */
function variantsOf(file: string): Partial<Record<Encoding, Buffer>> {
  const out: Partial<Record<Encoding, Buffer>> = {};
  const written = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity;
  for (const [enc, ext] of Object.entries(VARIANTS) as [Encoding, string][]) {
    if ((statSync(file + ext, { throwIfNoEntry: false })?.mtimeMs ?? -1) < written) continue;
    const bytes = readIfFile(file + ext);
    if (bytes) out[enc] = bytes;
  }
  return out;
}

function readIfFile(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}
