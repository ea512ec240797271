// Builds the server into one ES module (dist-server/index.js) so that starting it compiles nothing:
// npm start builds the web app and the server, then runs plain JavaScript. Packages are bundled in,
// except native ones (bcrypt, sharp) and pdf.js, which load from node_modules. dist-server/ sits at the
// top level so that PROJECT_ROOT (server/config.ts: this file's folder's parent) is the same in both.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist-server', { recursive: true, force: true }); // no chunks of an older build left over

await build({
  // The PDF text process (server/search/pdfTextProcess.ts) forks its own file, found beside its chunk.
  entryPoints: { index: 'server/index.ts', pdfTextChild: 'server/search/pdfTextChild.ts' },
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
  // and optional ones stay outside, and so does pdf.js: only the PDF text process loads it, and it loads
  // its fonts and character maps from its own folder.
  external: ['bcrypt', 'fsevents', 'sharp', 'pdfjs-dist'],
  // CommonJS packages inside an ES module still call require() for node's own modules.
  banner: {
    js: "import { createRequire as __cmsCreateRequire } from 'node:module'; const require = __cmsCreateRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  logLevel: 'warning',
});
