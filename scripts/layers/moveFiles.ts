// Moves files (git mv) and rewrites every relative import that points at or from a moved file.
// Usage: tsx scripts/layers/moveFiles.ts moves.txt   (one "old new" pair of repo paths a line)
// Kept for branches that merge onto the layer move: run again with the same list after the merge, it
// rewrites the imports of new files that still name old paths (files already moved are skipped).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const pairs = readFileSync(process.argv[2]!, 'utf8')
  .split('\n')
  .map((l) => l.trim().split(/\s+/))
  .filter((p): p is [string, string] => p.length === 2 && !!p[0]);
const moved = new Map(pairs);

const roots = ['server', 'web', 'scripts', 'tests'];
const skip = new Set(['node_modules', 'dist', 'dist-server']);
function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(e.name)) out.push(p);
  }
  return out;
}
const files = [...roots.flatMap((r) => walk(r)), 'vite.config.ts', 'vitest.config.ts'];

// Specifiers in from '…', import('…'), import '…', vi.mock('…'), vi.importActual('…').
const spec =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|importActual)\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;
let changedFiles = 0;
for (const file of files) {
  const src = readFileSync(file, 'utf8');
  const newFile = moved.get(file) ?? file;
  const out = src.replace(spec, (all, lead: string, q: string, s: string) => {
    const target = path.normalize(path.join(path.dirname(file), s));
    const newTarget = moved.get(target) ?? target;
    let rel = path.relative(path.dirname(newFile), newTarget);
    if (!rel.startsWith('.')) rel = './' + rel;
    return rel === s ? all : `${lead}${q}${rel}${q}`;
  });
  if (out !== src) {
    writeFileSync(file, out);
    changedFiles++;
  }
}
let movedFiles = 0;
for (const [from, to] of pairs) {
  if (!existsSync(from)) continue;
  movedFiles++;
  mkdirSync(path.dirname(to), { recursive: true });
  execFileSync('git', ['mv', from, to]);
}
console.log(`${movedFiles} files moved, imports rewritten in ${changedFiles} files`);
