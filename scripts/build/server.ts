// Builds the server into one ES module (dist-server/index.js) so that starting it compiles nothing:
// npm start builds the web app and the server, then runs plain JavaScript. Packages are bundled in,
// except native ones (bcrypt, sharp) and pdf.js, which load from node_modules. dist-server/ sits at the
// top level so that PROJECT_ROOT (server/config.ts: this file's folder's parent) is the same in both.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * React, React DOM, the scheduler and React Router choose their production or development build when
 * they load, from NODE_ENV, which npm start does not set: the server rendered every page with React's
 * development build (extra checks and component stacks on every element, several times slower), while
 * browsers run the production build Vite made. These packages are built as production here, as Vite
 * builds them for the browser; nothing else in the bundle sees NODE_ENV changed (Express keeps its own
 * reading of it). The markup is the same in both builds.
 */
const REACT_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/].*\.m?js$/;
/**
 * zod exports all of its 49 languages' error messages (`z.locales`), about 250 KB that node parsed at
 * every start; the CMS words its own messages and uses zod's English default only. The build keeps
 * English alone.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};

const reactForProduction: Plugin = {
  name: 'react-for-production',
  setup(b) {
    b.onLoad({ filter: REACT_PACKAGES }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll('process.env.NODE_ENV', '"production"'),
      loader: 'js',
    }));
  },
};

await rm('dist-server', { recursive: true, force: true }); // no chunks of an older build left over

await build({
  // The PDF process (server/pdf/pdfProcess.ts) forks its own file, found beside its chunk.
  // So does the thread that checks which files are unchanged at the start of a large site.
  entryPoints: {
    index: 'server/index.ts',
    pdfChild: 'server/pdf/pdfChild.ts',
    unchangedFilesThread: 'server/store/unchangedFilesThread.ts',
  },
  outdir: 'dist-server',
  // The Express app is a chunk of its own, loaded once the server already answers public reads.
  // Chunks sit beside index.js, so every module's folder is dist-server/ as PROJECT_ROOT expects.
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Packages are bundled too: loading hundreds of package files at start, and node's scan of every
  // CommonJS one imported from ESM (react-dom/server: 0.7 s), cost more than the start itself. Native
  // and optional ones stay outside, and so does pdf.js: only the PDF process loads it, and it loads
  // its fonts and character maps from its own folder.
  external: ['bcrypt', 'fsevents', 'sharp', 'pdfjs-dist'],
  // CommonJS packages inside an ES module still call require() for node's own modules.
  banner: {
    js: "import { createRequire as __cmsCreateRequire } from 'node:module'; const require = __cmsCreateRequire(import.meta.url);",
  },
  plugins: [reactForProduction, zodEnglishOnly],
  // gray-matter brings js-yaml 3 for default engines the CMS replaces with its own (fileFormat.ts), and
  // that js-yaml loads esprima, a whole JavaScript parser, when it loads (through a require() the
  // bundler cannot see): about a tenth of the start. The project's js-yaml 4 stands in for it; gray-matter
  // only names its functions, and never calls them with the CMS's engines.
  alias: { 'js-yaml': './node_modules/js-yaml/dist/js-yaml.mjs' },
  // Whitespace and syntax only (names stay, for stack traces; npm start maps lines with the source map):
  // about half the bytes node parses at each start.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  // Stack traces need only the mappings and the sources' names: without the sources' text, node reads
  // and parses a third of the bytes for the maps of the modules loaded at start.
  sourcesContent: false,
  logLevel: 'warning',
});
