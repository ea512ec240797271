// A Vite plugin that gives the admin app its own copy of react-router. Bundlers keep or drop code
// per module for the whole build, so one shared copy would carry the data router the admin needs
// (createBrowserRouter, useBlocker: about 17 KB gzipped) into every public page, which needs only
// BrowserRouter. Modules of the admin app import react-router as `<file>?admin-router` instead, a
// module of its own; React itself stays one copy.
import path from 'node:path';
import type { Plugin } from 'vite';

const SUFFIX = '?admin-router';
const ROUTER_FILE = /[\\/]node_modules[\\/]react-router(-dom)?[\\/]/;

export function adminRouterCopy(opts: { webDir: string }): Plugin {
  const src = path.join(opts.webDir, 'src');
  const admin = [
    path.join(src, 'admin') + path.sep,
    path.join(src, 'AdminApp.tsx'),
    path.join(src, 'markdown', 'Markdown.tsx'),
  ];
  const fromAdmin = (importer: string) =>
    importer.endsWith(SUFFIX) || admin.some((a) => importer.startsWith(a));
  return {
    name: 'csed-admin-router-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !fromAdmin(importer)) return null;
      const from = importer.endsWith(SUFFIX) ? importer.slice(0, -SUFFIX.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !ROUTER_FILE.test(resolved.id)) return resolved;
      return { ...resolved, id: resolved.id + SUFFIX };
    },
  };
}
