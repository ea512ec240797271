// The layer rule (docs/architecture.md): imports point down, never up, and never in a circle.
//   schema  <-  store  <-  content  <-  services  <-  http  <-  composition root (app.ts, main.ts, index.ts)
// Tests, test kits and server/testing/ may import any layer (they start whole servers); nothing else
// may import them. web/ may import server/schema/ only; the server imports web/ in one place (the
// composition root, the React renderers' entry); site/ and admin/ in web/ do not import each other.
// Express and multer stay under server/http/. `npm run check:layers` runs it.

const TESTS = '(\\.test\\.tsx?$|TestKit\\.ts$|^server/testing/)';
const ROOT = '^server/(app|main|index)\\.ts$';
const SERVICE_FOLDER =
  '^server/(accounts|audit|contact|drafts|feeds|media|notices|pdf|remote|schedule|search|site|spreadsheets|webhooks)/';
const SERVICES = `${SERVICE_FOLDER}|^server/(config|dataDirLock|privateBackup)\\.ts$`;
const BELOW_SERVICES = '^server/(content|store|schema)/';
/** The one server file that imports web/ (the composition root), and the one module it imports. */
const WEB_ROOT = '^server/main\\.ts$';
const WEB_ENTRY = '^web/src/ssr/renderers\\.ts$';
/** Express and multer, and their type packages (type-only imports resolve there). */
const HTTP_PACKAGES = '^node_modules/(@types/)?(express|express-serve-static-core|multer)/';

/** Services may use each other only along these arrows (from → to); the cycle rule keeps them a tree. */
const SERVICE_ARROWS = {
  '^server/config\\.ts$': '^server/(remote|contact)/', // CMS_GIT_REMOTE, CMS_SMTP_URL … read with the rest
  '^server/remote/': '^server/audit/', // pulls are written to the audit log
  '^server/search/': '^server/(feeds|pdf)/', // search indexes the feeds' plain text and PDFs' text
  '^server/site/': '^server/(feeds|media)/', // pages carry feed links and measured images
  // Notices tell staff what drafts and accounts did, and mail through the message notices' settings.
  '^server/notices/': '^server/(accounts|drafts|contact)/|^server/config\\.ts$',
  '^server/contact/': '^server/webhooks/', // the message notices' webhook is posted by the webhooks' sender
};

const layer = (name, comment, from, allowed) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: TESTS },
  to: { path: '^(server|web)/', pathNot: allowed },
});

// A unit test starts no server (vitest.config.ts): a plain `*.test.ts(x)`, without a tier's word
// before `.test` (site, slow, ssr, timing, timing-alone, e2e), imports nothing that starts one: the
// server (createApp, startServer), a test site, the real CMS behind the admin's screens, a stand-in
// server on loopback (the admin's API stand-in, SMTP and webhook receivers, a git HTTP server, the
// fast path's two servers), supertest or a browser; nor node:http or node:net to listen itself. Types
// alone start nothing and are fine. A test helper that imports one of these starts a server too and
// is named here, so the list stays whole. A child process that serves is past what imports show.
const UNIT_TESTS = {
  path: '\\.test\\.tsx?$',
  pathNot: '\\.(site|slow|ssr|timing|timing-alone|e2e)\\.test\\.tsx?$',
};
const STARTS_A_SERVER = [
  '^server/(app|main|index)\\.ts$',
  '^server/testing/(testSite|noticeReceivers|gitHttpServer)\\.ts$',
  '^server/http/fastPathTestKit\\.ts$',
  '^web/src/test/(apiServer|realCmsTestKit)\\.ts$',
  '^tests/e2e/support/',
  '^node_modules/(supertest|smtp-server|playwright-core|playwright)/',
].join('|');
const TEST_HELPERS = '(TestKit\\.ts$|^server/testing/|^web/src/test/|^tests/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    layer(
      'schema-is-the-bottom',
      'server/schema/ imports nothing of server/ or web/ (the web app imports it).',
      '^server/schema/',
      '^server/schema/',
    ),
    {
      name: 'schema-is-pure',
      comment: 'server/schema/ is plain TypeScript and zod: no Node or React APIs.',
      severity: 'error',
      from: { path: '^server/schema/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'schema-is-pure-packages',
      comment: 'server/schema/ uses zod and no other package.',
      severity: 'error',
      from: { path: '^server/schema/', pathNot: TESTS },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer'], pathNot: '^node_modules/zod/' },
    },
    layer(
      'store-over-schema',
      'server/store/ imports only server/schema/.',
      '^server/store/',
      '^server/(store|schema)/',
    ),
    layer(
      'content-over-store',
      'server/content/ imports only server/store/ and server/schema/.',
      '^server/content/',
      BELOW_SERVICES,
    ),
    layer(
      'services-over-content',
      'Services import content, store and schema, and each other only along SERVICE_ARROWS.',
      SERVICES,
      `${SERVICES}|${BELOW_SERVICES}`,
    ),
    ...Object.entries(SERVICE_ARROWS).map(([from, to]) => ({
      name: 'declared-service-arrows',
      comment: `Arrows allowed from ${from}: ${to} (and within the same service).`,
      severity: 'error',
      from: { path: from, pathNot: TESTS },
      to: { path: SERVICES, pathNot: `${to}|${from}` },
    })),
    {
      name: 'services-import-no-other-service',
      comment: 'A service folder not in SERVICE_ARROWS imports no other service.',
      severity: 'error',
      from: { path: SERVICE_FOLDER, pathNot: `${TESTS}|${Object.keys(SERVICE_ARROWS).join('|')}` },
      to: { path: SERVICES, pathNot: '^server/$1/' },
    },
    {
      name: 'service-files-import-no-service',
      comment: 'dataDirLock.ts and privateBackup.ts import no service.',
      severity: 'error',
      from: { path: '^server/(dataDirLock|privateBackup)\\.ts$' },
      to: { path: SERVICES },
    },
    layer(
      'http-under-root',
      'server/http/ imports every layer below it but not the composition root.',
      '^server/http/',
      `^server/http/|${SERVICES}|${BELOW_SERVICES}`,
    ),
    {
      name: 'only-root-imports-http',
      comment: 'Nothing under server/ outside http/ imports http/, except the composition root.',
      severity: 'error',
      from: { path: '^server/', pathNot: `^server/http/|${ROOT}|${TESTS}` },
      to: { path: '^server/http/' },
    },
    {
      name: 'express-only-in-http',
      comment: 'Express and multer (their types too) are imported only under server/http/.',
      severity: 'error',
      from: { path: '^(server|web)/', pathNot: `^server/http/|${TESTS}` },
      to: { path: HTTP_PACKAGES },
    },
    {
      name: 'server-imports-no-web',
      comment:
        'No server file imports web/ but the composition root (server/main.ts), which hands the React renderers over (server/http/renderers.ts).',
      severity: 'error',
      from: { path: '^server/', pathNot: `${WEB_ROOT}|${TESTS}` },
      to: { path: '^web/' },
    },
    {
      name: 'root-imports-web-entry-only',
      comment:
        'The composition root imports one module of web/: the renderers entry (web/src/ssr/renderers.ts).',
      severity: 'error',
      from: { path: WEB_ROOT },
      to: { path: '^web/', pathNot: WEB_ENTRY },
    },
    {
      name: 'wire-codec-at-the-edge',
      comment:
        'The wire spellings (strings "0"/"1", aliases: server/http/legacy/) are decoded and encoded by the HTTP layer only; the rest answers typed items.',
      severity: 'error',
      from: { path: '^server/', pathNot: `^server/http/|${TESTS}` },
      to: { path: '^server/http/legacy/' },
    },
    {
      name: 'web-imports-schema-only',
      comment:
        'The web app imports server/schema/ and nothing else of server/ (its tests may start a real server through server/testing/).',
      severity: 'error',
      from: { path: '^web/', pathNot: TESTS },
      to: { path: '^server/', pathNot: '^server/schema/' },
    },
    {
      name: 'site-imports-no-admin',
      comment:
        'The public site does not import the admin (what both use lives in web/src/shared/, lib/, markdown/).',
      severity: 'error',
      from: { path: '^web/src/site/', pathNot: TESTS },
      to: { path: '^web/src/admin/' },
    },
    {
      name: 'admin-imports-no-site',
      comment:
        'The admin does not import the public site (what both use lives in web/src/shared/, lib/, markdown/).',
      severity: 'error',
      from: { path: '^web/src/admin/', pathNot: TESTS },
      to: { path: '^web/src/site/' },
    },
    {
      name: 'web-shared-imports-no-app',
      comment: 'The parts site and admin share (shared/, lib/, markdown/) import neither.',
      severity: 'error',
      from: { path: '^web/src/(shared|lib|markdown)/', pathNot: TESTS },
      to: { path: '^web/src/(site|admin)/' },
    },
    {
      name: 'tests-stay-tests',
      comment: 'Running code does not import tests, test kits or server/testing/.',
      severity: 'error',
      from: { path: '^(server|web)/', pathNot: TESTS },
      to: { path: TESTS },
    },
    {
      name: 'unit-tests-start-no-site',
      comment:
        'A plain *.test.ts(x) imports nothing that starts a server or a browser: a suite that does is *.site.test.ts(x) (or a slower tier).',
      severity: 'error',
      from: UNIT_TESTS,
      to: { path: STARTS_A_SERVER, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'unit-tests-open-no-port',
      comment: 'A plain *.test.ts(x) listens on no socket of its own: that is a *.site.test.ts(x).',
      severity: 'error',
      from: UNIT_TESTS,
      to: { dependencyTypes: ['core'], path: '^(http|https|http2|net)$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'site-starting-helpers-are-named',
      comment: 'A test helper that imports what starts a server starts one too: name it in STARTS_A_SERVER.',
      severity: 'error',
      from: { path: TEST_HELPERS, pathNot: `${STARTS_A_SERVER}|\\.test\\.tsx?$` },
      to: { path: STARTS_A_SERVER, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules is not followed but stays in the graph, so the package rules can see imports of it.
    exclude: { path: '(^|/)(dist|dist-server)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
