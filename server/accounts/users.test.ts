// UserStore directly: bcrypt hashes at the configured cost (12 by default), password length in bytes
// (bcrypt reads only 72), short passwords refused, epochs bumped by sign-out and password changes,
// and a users file that holds hashes only.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import bcrypt from 'bcrypt';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPassword, MIN_PASSWORD_LENGTH, UserError, UserStore } from './users.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cms-users-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
const freshStore = (cost = 4) => new UserStore(path.join(dir, `users-${++n}.json`), cost).load();

describe('passwords', () => {
  it('hashes with bcrypt at cost 12 by default, and at the cost asked for', async () => {
    const prod = await new UserStore(path.join(dir, 'prod.json')).load();
    const u = await prod.add({ username: 'alice', password: 'a long enough password' });
    expect(u.hash).toMatch(/^\$2b\$12\$[./A-Za-z0-9]{53}$/);
    const test = await freshStore(4);
    expect((await test.add({ username: 'bob', password: 'a long enough password' })).hash).toMatch(
      /^\$2b\$04\$/,
    );
  });

  it('refuses passwords over 72 bytes, counting bytes not characters', () => {
    expect(() => checkPassword('a'.repeat(72))).not.toThrow();
    expect(() => checkPassword('a'.repeat(73))).toThrow(
      new UserError('The password must be at most 72 bytes long.', 'password'),
    );
    // 24 × '€' is 24 characters but 72 bytes; 25 is 75 bytes.
    expect(() => checkPassword('€'.repeat(24))).not.toThrow();
    expect(() => checkPassword('€'.repeat(25))).toThrow('at most 72 bytes');
  });

  it(`refuses passwords shorter than ${MIN_PASSWORD_LENGTH} characters`, () => {
    expect(() => checkPassword('a'.repeat(MIN_PASSWORD_LENGTH - 1))).toThrow(
      new UserError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`, 'password'),
    );
    expect(() => checkPassword('a'.repeat(MIN_PASSWORD_LENGTH))).not.toThrow();
  });

  it('add and setPassword apply the same rules and store nothing when refused', async () => {
    const users = await freshStore();
    await expect(users.add({ username: 'carol', password: 'short' })).rejects.toThrow(UserError);
    await expect(users.add({ username: 'carol', password: 'x'.repeat(73) })).rejects.toThrow(
      'at most 72 bytes',
    );
    expect(users.count).toBe(0);
    await users.add({ username: 'carol', password: 'carol-password-1' });
    const hash = users.get('carol')!.hash;
    await expect(users.setPassword('carol', 'short')).rejects.toThrow(UserError);
    await expect(users.setPassword('carol', '€'.repeat(25))).rejects.toThrow('at most 72 bytes');
    expect(users.get('carol')!.hash).toBe(hash);
    expect(users.get('carol')!.epoch).toBe(1);
  });

  it('verify: right password → the user; wrong, unknown user or over 72 bytes → null', async () => {
    const users = await freshStore();
    const pw = 'p'.repeat(72);
    await users.add({ username: 'dave', password: pw, name: 'Dave D', email: 'dave@example.org' });
    expect(await users.verify('dave', pw)).toMatchObject({
      username: 'dave',
      name: 'Dave D',
      email: 'dave@example.org',
    });
    expect(await users.verify('DAVE', pw)).toMatchObject({ username: 'dave' }); // usernames ignore case
    expect(await users.verify('dave', 'p'.repeat(71))).toBeNull();
    // bcrypt alone would accept this (it ignores byte 73 onwards); the store must not.
    expect(await users.verify('dave', `${pw}extra`)).toBeNull();
    expect(await users.verify('nobody', pw)).toBeNull();
  });
});

describe('users file and epochs', () => {
  it('keeps bcrypt hashes only, and reads back what it wrote', async () => {
    const file = path.join(dir, 'persist.json');
    const users = await new UserStore(file, 4).load();
    await users.add({
      username: 'erin',
      password: 'erin-secret-password',
      name: ' Erin E ',
      email: 'erin@example.org',
    });
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('erin-secret-password');
    const stored = JSON.parse(text) as { username: string; name: string; hash: string; epoch: number }[];
    expect(stored).toEqual([
      {
        id: expect.stringMatching(/^[\w-]{16}$/),
        username: 'erin',
        name: 'Erin E',
        email: 'erin@example.org',
        hash: expect.stringMatching(/^\$2b\$04\$/),
        epoch: 1,
        role: 'admin',
      },
    ]);
    const again = await new UserStore(file, 4).load();
    expect(await again.verify('erin', 'erin-secret-password')).not.toBeNull();
    expect(again.list()).toEqual([
      {
        username: 'erin',
        name: 'Erin E',
        email: 'erin@example.org',
        role: 'admin',
        disabled: false,
        lastSignIn: null,
        twoFactor: false,
      },
    ]);
  });

  it('setPassword and bumpEpoch raise the epoch (which ends sessions) and persist it', async () => {
    const file = path.join(dir, 'epochs.json');
    const users = await new UserStore(file, 4).load();
    await users.add({ username: 'fay', password: 'fay-password-one' });
    await users.setPassword('fay', 'fay-password-two');
    expect(users.get('fay')!.epoch).toBe(2);
    await users.bumpEpoch('fay');
    expect(users.get('fay')!.epoch).toBe(3);
    const again = await new UserStore(file, 4).load();
    expect(again.get('fay')!.epoch).toBe(3);
    expect(await again.verify('fay', 'fay-password-one')).toBeNull();
    expect(await again.verify('fay', 'fay-password-two')).not.toBeNull();
  });

  it('refuses bad and duplicate usernames, and unknown users', async () => {
    const users = await freshStore();
    await users.add({ username: 'gil', password: 'gil-password-1' });
    await expect(users.add({ username: 'GIL', password: 'gil-password-2' })).rejects.toThrow(
      'There is already a user called GIL.',
    );
    for (const bad of ['g', '../x', 'a b', '-lead', 'x'.repeat(41)]) {
      await expect(users.add({ username: bad, password: 'some-password-1' })).rejects.toThrow(UserError);
    }
    await expect(users.setPassword('nobody', 'some-password-1')).rejects.toThrow(
      'There is no user called nobody.',
    );
    await expect(users.remove('nobody')).rejects.toThrow('There is no user called nobody.');
    expect(users.count).toBe(1);
  });

  it('keeps changes another process made (npm run user) when the server writes the file, and keeps it private', async () => {
    const file = path.join(dir, 'shared-users.json');
    const server = await new UserStore(file, 4).load();
    await server.add({ username: 'admin', password: 'admin-password-1' });
    const cli = await new UserStore(file, 4).load();
    await cli.add({ username: 'jdoe', password: 'jdoe-password-1' });
    await cli.setPassword('admin', 'admin-password-2');
    await server.bumpEpoch('admin'); // a sign-out in the running server
    const onDisk = JSON.parse(await readFile(file, 'utf8')) as { username: string; epoch: number }[];
    expect(onDisk.map((u) => u.username)).toEqual(['admin', 'jdoe']);
    expect(onDisk[0]!.epoch).toBe(3);
    expect(await server.verify('admin', 'admin-password-1')).toBeNull();
    expect(await server.verify('admin', 'admin-password-2')).not.toBeNull();
    const { statSync } = await import('node:fs');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('roles', () => {
  it('an account from before roles (no role in the file) is an admin, as it could do everything', async () => {
    const file = path.join(dir, 'before-roles.json');
    const hash = await bcrypt.hash('old-password-1', 4);
    await writeFile(
      file,
      JSON.stringify([{ username: 'olds', name: 'Old', email: 'o@example.org', hash, epoch: 3 }]),
    );
    const users = await new UserStore(file, 4).load();
    expect(users.get('olds')).toMatchObject({ role: 'admin', epoch: 3 });
    await users.add({ username: 'newc', password: 'new-password-1', role: 'contributor' });
    const onDisk = JSON.parse(await readFile(file, 'utf8')) as { username: string; role: string }[];
    expect(onDisk.map((u) => [u.username, u.role])).toEqual([
      ['olds', 'admin'],
      ['newc', 'contributor'],
    ]);
  });

  it('a disabled account cannot sign in, even with the right password', async () => {
    const users = await freshStore();
    await users.add({ username: 'dora', password: 'dora-password-1', role: 'editor' });
    await users.update('dora', (u) => {
      u.disabled = true;
    });
    expect(await users.verify('dora', 'dora-password-1')).toBeNull();
  });
});
