// An encrypted archive of CMS_DATA_DIR/private/: staff accounts, the session key, contact messages
// and the audit log, which are not in git (the site repository is backed up by its git remote).
// Format: "CMSPRIV1", scrypt salt (16 bytes), AES-256-GCM nonce (12) and tag (16), then the
// encrypted gzip of a JSON map path → base64 bytes. A wrong passphrase or a damaged file fails the
// tag check: nothing is restored from it.
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { readdir, readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { AppError } from './schema/errors.ts';
import { writeFileDurable } from './store/durable.ts';

const MAGIC = Buffer.from('CMSPRIV1');
/** Rebuilt by the server by itself, or only meaningful while it runs. */
const SKIPPED = [/^parse-cache\.json$/, /\.sock$/, /^cms-lock/, /\.tmp$/, /(^|\/)\.[^/]*-tmp-/];
const MIN_PASSPHRASE = 12;

const key = (passphrase: string, salt: Buffer) =>
  scryptSync(passphrase, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (SKIPPED.some((r) => r.test(rel))) continue;
    if (e.isDirectory()) out.push(...(await filesUnder(dir, rel)));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}

export async function packPrivate(
  privateDir: string,
  passphrase: string,
): Promise<{ archive: Buffer; files: string[] }> {
  if (passphrase.length < MIN_PASSPHRASE)
    throw new AppError(400, `The passphrase must be at least ${MIN_PASSPHRASE} characters long.`);
  const files = (await filesUnder(privateDir)).sort();
  const map: Record<string, string> = {};
  for (const rel of files) map[rel] = (await readFile(path.join(privateDir, rel))).toString('base64');
  const salt = randomBytes(16);
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(passphrase, salt), nonce);
  const body = Buffer.concat([cipher.update(gzipSync(JSON.stringify(map))), cipher.final()]);
  return { archive: Buffer.concat([MAGIC, salt, nonce, cipher.getAuthTag(), body]), files };
}

export async function unpackPrivate(
  archive: Buffer,
  passphrase: string,
  privateDir: string,
): Promise<string[]> {
  if (archive.length < 52 || !archive.subarray(0, 8).equals(MAGIC))
    throw new AppError(400, 'This file is not a backup made by npm run backup-private.');
  const salt = archive.subarray(8, 24);
  const nonce = archive.subarray(24, 36);
  const tag = archive.subarray(36, 52);
  let map: Record<string, string>;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(passphrase, salt), nonce);
    decipher.setAuthTag(tag);
    map = JSON.parse(
      gunzipSync(Buffer.concat([decipher.update(archive.subarray(52)), decipher.final()])).toString('utf8'),
    ) as Record<string, string>;
  } catch {
    throw new AppError(400, 'The passphrase is wrong or the backup file is damaged: nothing was restored.');
  }
  const files = Object.keys(map).sort();
  for (const rel of files) {
    const norm = path.posix.normalize(rel);
    if (norm !== rel || norm.startsWith('/') || norm.split('/').includes('..'))
      throw new AppError(400, `The backup holds an unsafe path: ${rel}`);
  }
  await mkdir(privateDir, { recursive: true, mode: 0o700 });
  for (const rel of files) {
    const file = path.join(privateDir, rel);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFileDurable(file, Buffer.from(map[rel]!, 'base64'), { mode: 0o600 });
  }
  return files;
}
