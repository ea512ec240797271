// The first admin, made on a start that finds no account: from CMS_ADMIN_* settings, or with a
// generated password printed once.
import { randomBytes } from 'node:crypto';
import type { UserStore } from './users.ts';

/** The CMS_ADMIN_* settings (config.ts). */
export interface FirstAdminSettings {
  adminUsername?: string;
  adminPassword?: string;
  adminName?: string;
  adminEmail?: string;
}

export async function ensureFirstAdmin(
  users: UserStore,
  config: FirstAdminSettings,
  log: (m: string) => void,
) {
  if (users.count > 0) return;
  const username = config.adminUsername ?? 'admin';
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? randomBytes(15).toString('base64url');
  // Their saves are commits a maintainer reads: named as the person set up to run the site.
  await users
    .add({
      username,
      password,
      name: config.adminName ?? 'Site administrator',
      ...(config.adminEmail ? { email: config.adminEmail } : {}),
    })
    .catch((e: Error) => {
      throw new Error(`The first admin could not be made from CMS_ADMIN_* settings: ${e.message}`);
    });
  if (generated) {
    // Printed once, on the start that created the user; only its bcrypt hash is kept.
    console.log(
      `\nCreated the first admin user.\n  username: ${username}\n  password: ${password}\nKeep it somewhere safe: it is not shown again. Change it with: npm run user -- passwd ${username}\n`,
    );
  } else {
    log(`Created the first admin user "${username}" from CMS_ADMIN_USERNAME/CMS_ADMIN_PASSWORD.`);
  }
}
