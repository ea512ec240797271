// Builds the server into one ES module (dist-server/index.js) so that starting it compiles nothing:
// npm start builds the web app and the server, then runs plain JavaScript. Packages stay external
// (node_modules), so native ones like bcrypt load as usual. dist-server/ sits at the top level so that
// PROJECT_ROOT (server/config.ts: this file's folder's parent) is the same in both.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/index.ts'],
  outfile: 'dist-server/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
