// The JavaScript a public page loads, read from the build: the entry script and modulepreloads of
// index.html (the frame of every server-rendered page), and every chunk those import statically.
// Dynamic imports (the admin app) are left out: a public page never runs them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ScriptSize {
  file: string;
  bytes: number;
  gzipped: number;
}

const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[^"'();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** Scripts named by a page: module scripts and modulepreload links, as paths under the build. */
export function scriptsOfPage(html: string): string[] {
  const out: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const preload = /\brel="modulepreload"/.test(tag) ? /\bhref="([^"]+)"/.exec(tag)?.[1] : undefined;
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1] ?? preload;
    if (src?.endsWith('.js')) out.push(src.replace(/^\//, ''));
  }
  return out;
}

/** Every script a page with this HTML loads before it runs: named ones and their static imports. */
export function publicScripts(
  distDir: string,
  html = readFileSync(path.join(distDir, 'index.html'), 'utf8'),
): ScriptSize[] {
  const seen = new Set<string>();
  const queue = scriptsOfPage(html);
  const out: ScriptSize[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const full = path.join(distDir, file);
    const code = readFileSync(full);
    // The build's own .gz (level 9) is what is sent; without one, gzip it the same way.
    const gz = existsSync(`${full}.gz`)
      ? readFileSync(`${full}.gz`).length
      : gzipSync(code, { level: 9 }).length;
    out.push({ file, bytes: code.length, gzipped: gz });
    for (const [, rel] of code.toString('utf8').matchAll(STATIC_IMPORT)) {
      queue.push(path.posix.join(path.posix.dirname(file), rel!));
    }
  }
  return out;
}
