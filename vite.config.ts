// Builds the web app (public site + lazily loaded admin chunk) from web/ into dist/, which the
// server serves for every non-API route. In development, API and media calls go to the server.
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { adminRouterCopy } from './scripts/build/adminRouterCopy.ts';
import { precompress } from './scripts/build/precompress.ts';
import { routerTreeShaking } from './scripts/build/routerTreeShaking.ts';

const backend = 'http://127.0.0.1:3000';

export default defineConfig(({ command }) => {
  // Test runners set NODE_ENV=test, which a build would otherwise inherit (development builds of
  // React and the markdown libraries, half again the size). A build is always the production app.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: 'web',
    publicDir: 'public',
    plugins: [
      react(),
      adminRouterCopy({ webDir: path.resolve(import.meta.dirname, 'web') }),
      routerTreeShaking(),
      precompress(),
    ],
    define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    build: {
      outDir: '../dist',
      emptyOutDir: true,
      // The CSP is script-src 'self': no inline module-preload polyfill.
      modulePreload: { polyfill: false },
      sourcemap: false,
      rolldownOptions: {
        // The public site's page, and the admin's own (its scripts preloaded, none of the site's).
        // The admin page's script is the admin app (AdminApp.tsx) and is named after it.
        input: {
          index: path.resolve(import.meta.dirname, 'web/index.html'),
          AdminApp: path.resolve(import.meta.dirname, 'web/admin.html'),
        },
        output: {
          // React and the router change far less often than the site: a chunk of their own stays
          // cached. Only packages every page needs go here, so no admin-only code rides along (the
          // admin's own copy of the router, adminRouterCopy.ts, stays in the admin's chunk).
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/](?!.*\?admin-router)/,
              },
              // The public site's own modules the admin also uses, in one chunk rather than several
              // small ones (each costs its imports and exports: the JavaScript budget, issue 10).
              {
                name: 'site',
                test: /[\\/]web[\\/]src[\\/](site|lib|shared)[\\/]|[\\/]server[\\/]schema[\\/](site[\\/]|imageAlt|links|sitePaths|email)/,
                minShareCount: 2,
              },
            ],
          },
        },
      },
    },
    server: {
      proxy: {
        '/api': { target: backend, changeOrigin: false },
        '/media': { target: backend, changeOrigin: false },
      },
    },
  };
});
