// A stand-in build of the web app for the server's tests: a small dist/ folder with the real build's
// .br/.gz step. It starts no server, so a unit test may use it (fastPathTestKit.ts starts servers).
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { precompressFolder } from '../../scripts/build/precompress.ts';

const script = (n: number) =>
  Array.from({ length: n }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');

/** A small build: index.html, assets of each kind, a root file, and the build's .br/.gz beside them. */
export async function standInBuild(): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'cms-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, 'icons'));
  const files: Record<string, string | Buffer> = {
    'index.html':
      `<!doctype html><html><head><title>site</title>${'<meta name="x" content="padding">'.repeat(40)}` +
      '<script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>',
    'assets/app-1.js': script(300),
    'assets/tiny-1.js': 'console.log(1)',
    'assets/style-1.css': `${'.a { color: red; }\n'.repeat(100)}`,
    'assets/pixel-1.png': Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
    'hero.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`,
    'icons/mark.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(dist, name), bytes);
  await precompressFolder(dist);
  return dist;
}
