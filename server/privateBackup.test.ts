// The encrypted archive of private/: a round trip restores every file byte for byte; a wrong
// passphrase or a damaged archive restores nothing; what the server rebuilds by itself is left out.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPrivate, unpackPrivate } from './privateBackup.ts';
import { PROJECT_ROOT } from './config.ts';

let root: string;
const PASS = 'correct horse battery staple';
const FILES: Record<string, string> = {
  'users.json': '{"users":[]}',
  'session-secret': 'k'.repeat(64),
  'messages/1.md': '---\nname: A\n---\nHello',
  'audit.log': '{"action":"sign-in"}\n',
};

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cms-private-backup-'));
  const dir = path.join(root, 'data', 'private');
  await mkdir(path.join(dir, 'messages'), { recursive: true });
  for (const [rel, text] of Object.entries(FILES)) await writeFile(path.join(dir, rel), text);
  await writeFile(path.join(dir, 'parse-cache.json'), '{}');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('backup-private', () => {
  it('round-trips every private file, and leaves out the parse cache', async () => {
    const { archive, files } = await packPrivate(path.join(root, 'data', 'private'), PASS);
    expect(files).toEqual(Object.keys(FILES).sort());
    expect(archive.includes(Buffer.from('session-secret'))).toBe(false); // nothing readable inside
    const restored = path.join(root, 'restored');
    await unpackPrivate(archive, PASS, restored);
    for (const [rel, text] of Object.entries(FILES))
      expect(await readFile(path.join(restored, rel), 'utf8')).toBe(text);
  });

  it('a wrong passphrase or a damaged archive restores nothing, with a plain message', async () => {
    const { archive } = await packPrivate(path.join(root, 'data', 'private'), PASS);
    const target = path.join(root, 'untouched');
    await expect(unpackPrivate(archive, 'another passphrase', target)).rejects.toThrow(
      'The passphrase is wrong or the backup file is damaged: nothing was restored.',
    );
    const damaged = Buffer.from(archive);
    damaged[damaged.length - 1]! ^= 1;
    await expect(unpackPrivate(damaged, PASS, target)).rejects.toThrow('nothing was restored');
    await expect(readFile(path.join(target, 'users.json'))).rejects.toThrow();
    await expect(packPrivate(path.join(root, 'data', 'private'), 'short')).rejects.toThrow(
      'at least 12 characters',
    );
  });

  it('npm run backup-private and restore-private work end to end', async () => {
    const out = path.join(root, 'private.cmsbackup');
    const env = { ...process.env, CMS_DATA_DIR: path.join(root, 'data'), CMS_BACKUP_PASSPHRASE: PASS };
    const run = (cmd: string) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/backupPrivate.ts', cmd, out], {
        cwd: PROJECT_ROOT,
        env,
        encoding: 'utf8',
      });
    expect(run('backup')).toContain('4 files');
    await writeFile(path.join(root, 'data', 'private', 'users.json'), 'lost');
    expect(run('restore')).toContain('Restored 4 files');
    expect(await readFile(path.join(root, 'data', 'private', 'users.json'), 'utf8')).toBe(
      FILES['users.json'],
    );
  });
});
