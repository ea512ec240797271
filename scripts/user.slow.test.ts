// npm run user: add, passwd, remove and list against a real data directory, password on stdin.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import bcrypt from 'bcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../server/config.ts';

const run = promisify(execFile);
let dataDir: string;

function user(args: string[], password?: string) {
  const child = run(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts/user.ts'), ...args],
    {
      env: { ...process.env, CMS_DATA_DIR: dataDir },
    },
  );
  child.child.stdin?.end(password === undefined ? '' : `${password}\n`);
  return child.then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}
const users = async () =>
  JSON.parse(await readFile(path.join(dataDir, 'private/users.json'), 'utf8')) as {
    username: string;
    name: string;
    email: string;
    hash: string;
    epoch: number;
    role: string;
  }[];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cms-user-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run user', () => {
  it('adds a user with a role, a bcrypt hash (cost 12), name and email', async () => {
    const r = await user(
      ['add', 'jdoe', '--role', 'contributor', '--name', 'Jamie Doe', '--email', 'jamie@example.org'],
      'a long enough password',
    );
    expect(r).toMatchObject({ code: 0 });
    expect(r.out).toContain('Added jdoe as contributor.');
    const [u] = await users();
    expect(u).toMatchObject({
      username: 'jdoe',
      name: 'Jamie Doe',
      email: 'jamie@example.org',
      epoch: 1,
      role: 'contributor',
    });
    expect(u!.hash).toMatch(/^\$2[aby]\$12\$/);
    expect(await bcrypt.compare('a long enough password', u!.hash)).toBe(true);
    expect(JSON.stringify(await users())).not.toContain('a long enough password');
  }, 30_000);

  it('refuses a short password, a duplicate user and an unknown one, in plain words', async () => {
    expect(await user(['add', 'short', '--role', 'editor'], 'tiny')).toMatchObject({
      code: 1,
      out: expect.stringContaining('at least 10 characters'),
    });
    expect(await user(['add', 'norole'], 'another long password')).toMatchObject({
      code: 1,
      out: expect.stringContaining("Say the new account's role: --role contributor|editor|admin"),
    });
    expect(await user(['role', 'jdoe', 'boss'])).toMatchObject({
      code: 1,
      out: expect.stringContaining('A role is one of: contributor, editor, admin'),
    });
    expect(await user(['add', 'jdoe', '--role', 'editor'], 'another long password')).toMatchObject({
      code: 1,
      out: expect.stringContaining('already a user called jdoe'),
    });
    expect(await user(['passwd', 'nobody'], 'another long password')).toMatchObject({
      code: 1,
      out: expect.stringContaining('no user called nobody'),
    });
    expect(await user(['frobnicate'])).toMatchObject({
      code: 2,
      out: expect.stringContaining('Usage: npm run user'),
    });
  }, 30_000);

  it('changes a role, a password (ending sessions) and removes a user', async () => {
    expect(await user(['role', 'jdoe', 'editor'])).toMatchObject({
      code: 0,
      out: expect.stringContaining('jdoe is now an editor'),
    });
    expect(await user(['passwd', 'jdoe'], 'a brand new password')).toMatchObject({ code: 0 });
    const [u] = await users();
    expect(u!.epoch).toBe(3); // the role and the password each ended the sessions
    expect(u!.role).toBe('editor');
    expect(await bcrypt.compare('a brand new password', u!.hash)).toBe(true);
    expect((await user(['list'])).out).toContain('jdoe\teditor\tJamie Doe\tjamie@example.org');
    expect(await user(['remove', 'jdoe'])).toMatchObject({ code: 0 });
    expect(await users()).toEqual([]);
  }, 30_000);
});
