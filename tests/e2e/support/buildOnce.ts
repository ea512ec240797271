// Builds the web app once before the browser suites, unless dist/ is newer than every source file.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export default function setup() {
  const root = path.resolve(import.meta.dirname, '../../..');
  const built = (() => {
    try {
      return statSync(path.join(root, 'dist/index.html')).mtimeMs;
    } catch {
      return 0;
    }
  })();
  const sources = Math.max(
    newest(path.join(root, 'web')),
    newest(path.join(root, 'server/schema')),
    statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  );
  if (built > sources) return;
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}
