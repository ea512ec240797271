// npm run user -- add|passwd|role|remove|list <username> [--role ROLE] [--name "Full Name"] [--email a@b.org]
// Manages admin users in CMS_DATA_DIR/private/users.json. The password is asked for (hidden) on a
// terminal, or read from the first line of standard input when piped.
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { configFromEnv } from '../server/config.ts';
import { UserError, UserStore } from '../server/accounts/users.ts';
import { AppError } from '../server/schema/errors.ts';
import { isRole, ROLES } from '../server/schema/roles.ts';
import { AuditLog } from '../server/audit/auditLog.ts';
import { readPassword } from './readSecret.ts';

const USAGE = [
  'Usage: npm run user -- add <username> --role contributor|editor|admin [--name "Full Name"] [--email you@example.org]',
  '       npm run user -- role <username> contributor|editor|admin',
  '       npm run user -- passwd <username>',
  '       npm run user -- remove <username>',
  '       npm run user -- list',
].join('\n');

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

async function newPassword(): Promise<string> {
  const first = await readPassword('New password: ');
  if (process.stdin.isTTY && (await readPassword('Repeat it: ')) !== first)
    throw new UserError('The two passwords differ; nothing was changed.');
  return first;
}

async function main() {
  const [command, username, ...rest] = process.argv.slice(2);
  const config = configFromEnv();
  await mkdir(path.join(config.dataDir, 'private'), { recursive: true, mode: 0o700 });
  const users = await new UserStore(
    path.join(config.dataDir, 'private', 'users.json'),
    config.bcryptCost,
  ).load();
  // Who ran the command: the account on this machine (the audit page lists it as who).
  const audit = new AuditLog(path.join(config.dataDir, 'private'));
  const who = `${osUser()} (npm run user)`;
  switch (command) {
    case 'list':
      for (const u of users.list())
        console.log(`${u.username}\t${u.role}${u.disabled ? ' (disabled)' : ''}\t${u.name}\t${u.email}`);
      if (!users.count) console.log('No users yet: the server creates the first admin on its first start.');
      return;
    case 'add': {
      if (!username) break;
      const role = option(rest, 'role');
      if (!isRole(role)) throw new UserError(`Say the new account's role: --role ${ROLES.join('|')}.`);
      if (users.get(username)) throw new UserError(`There is already a user called ${username}.`);
      await users.add({
        username,
        password: await newPassword(),
        name: option(rest, 'name'),
        email: option(rest, 'email'),
        role,
      });
      await audit.record({ action: 'user-add', who, detail: `added ${username} as ${role}` });
      console.log(`Added ${username} as ${role}.`);
      return;
    }
    case 'role': {
      const role = rest[0];
      if (!username || !role) break;
      if (!isRole(role)) throw new UserError(`A role is one of: ${ROLES.join(', ')}.`);
      const before = users.get(username)?.role;
      await users.setRole(username, role);
      await audit.record({ action: 'user-role', who, detail: `${username}: ${before} → ${role}` });
      console.log(
        `${username} is now ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}; their open sessions have ended.`,
      );
      return;
    }
    case 'passwd':
      if (!username) break;
      await users.setPassword(username, await newPassword());
      await audit.record({ action: 'user-password', who, detail: `changed the password of ${username}` });
      console.log(`Changed the password of ${username}; their open sessions have ended.`);
      return;
    case 'remove':
      if (!username) break;
      await users.remove(username);
      await audit.record({ action: 'user-remove', who, detail: `removed ${username}` });
      console.log(`Removed ${username}; their open sessions have ended.`);
      return;
  }
  console.error(USAGE);
  process.exitCode = 2;
}

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof AppError ? e.message : `Could not change users: ${(e as Error).message}`);
  process.exitCode = 1;
});
