// npm run backup-private -- <file>    writes an encrypted archive of CMS_DATA_DIR/private/
// npm run restore-private -- <file>   puts its files back (with the server stopped)
// The passphrase is asked for (hidden) on a terminal, or read from CMS_BACKUP_PASSPHRASE or the first
// line of standard input. Keep it apart from the archive: without it the archive cannot be read.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { configFromEnv } from '../server/config.ts';
import { packPrivate, unpackPrivate } from '../server/privateBackup.ts';
import { lockDataDir } from '../server/dataDirLock.ts';
import { writeFileDurable } from '../server/store/durable.ts';
import { AppError } from '../server/schema/errors.ts';
import { readPassword } from './readSecret.ts';

async function passphrase(confirm: boolean): Promise<string> {
  if (process.env.CMS_BACKUP_PASSPHRASE) return process.env.CMS_BACKUP_PASSPHRASE;
  const first = await readPassword('Passphrase: ');
  if (confirm && process.stdin.isTTY && (await readPassword('Repeat it: ')) !== first)
    throw new AppError(400, 'The two passphrases differ; nothing was written.');
  return first;
}

async function main() {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new AppError(
      400,
      'Usage: npm run backup-private -- <file>   or   npm run restore-private -- <file>',
    );
  }
  const config = configFromEnv();
  const privateDir = path.join(config.dataDir, 'private');
  if (command === 'backup') {
    const { archive, files } = await packPrivate(privateDir, await passphrase(true));
    await writeFileDurable(file, archive, { mode: 0o600 });
    console.log(`Wrote ${file}: ${files.length} files from ${privateDir}, encrypted.`);
    return;
  }
  // Restoring under a running server would be overwritten by it (or confuse it): it must be stopped.
  const lock = await lockDataDir(config.dataDir, privateDir);
  try {
    const files = await unpackPrivate(await readFile(file), await passphrase(false), privateDir);
    console.log(`Restored ${files.length} files into ${privateDir}.`);
  } finally {
    await lock.release();
  }
}

main().catch((e: Error) => {
  console.error(
    e instanceof AppError || e.name === 'DataDirInUseError' ? e.message : `Could not finish: ${e.message}`,
  );
  process.exit(1);
});
