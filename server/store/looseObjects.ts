// Writes git objects as loose files: SHA-1 over header + content, deflated at level 1 (git's own
// default for loose objects, core.looseCompression) on the thread pool.
import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

export async function writeLooseObject(gitdir: string, type: 'blob' | 'tree', content: Uint8Array): Promise<string> {
  const header = Buffer.from(`${type} ${content.byteLength}\0`);
  const oid = createHash('sha1').update(header).update(content).digest('hex');
  const file = path.join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2));
  if (await stat(file).then(() => true, () => false)) return oid;
  const deflated = await deflateAsync(Buffer.concat([header, content]), { level: 1 });
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, deflated, { mode: 0o444 });
  await rename(tmp, file);
  return oid;
}
