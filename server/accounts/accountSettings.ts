// The settings admins choose for accounts (which roles must use two-step sign-in): kept in
// account-settings.json in the private folder, written one at a time, each change audited.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ROLES } from '../schema/roles.ts';
import { writeFileDurable } from '../store/durable.ts';
import { SerialQueue } from '../store/queue.ts';
import { UserError } from './users.ts';
import type { Asker, RecordEvent } from './asker.ts';

import type { AccountSettings } from '../schema/accountViews.ts';
export type { AccountSettings };

const SettingsSchema = z.object({
  requireTwoFactor: z.object({ contributor: z.boolean(), editor: z.boolean(), admin: z.boolean() }),
});

const DEFAULT_SETTINGS: AccountSettings = {
  requireTwoFactor: { contributor: false, editor: false, admin: false },
};

export class AccountSettingsFile {
  private settingsNow: AccountSettings = DEFAULT_SETTINGS;
  private readonly settingsQueue = new SerialQueue();

  private constructor(
    private readonly settingsFile: string,
    private readonly record: RecordEvent,
  ) {}

  /** The settings on disk, or the defaults when there is no file yet. */
  static async load(settingsFile: string, record: RecordEvent): Promise<AccountSettingsFile> {
    const file = new AccountSettingsFile(settingsFile, record);
    try {
      const text = await readFile(settingsFile, 'utf8');
      file.settingsNow = SettingsSchema.parse(JSON.parse(text));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    return file;
  }

  get current(): AccountSettings {
    return this.settingsNow;
  }

  /** Settles once every write asked for so far is on disk. */
  idle(): Promise<void> {
    return this.settingsQueue.idle();
  }

  async set(input: unknown, asker: Asker): Promise<AccountSettings> {
    const parsed = SettingsSchema.safeParse(input);
    if (!parsed.success)
      throw new UserError(
        `Say for each role (${ROLES.join(', ')}) whether two-step sign-in is required (true or false).`,
        'requireTwoFactor',
      );
    await this.settingsQueue.run(async () => {
      await writeFileDurable(this.settingsFile, `${JSON.stringify(parsed.data, null, 2)}\n`, { mode: 0o600 });
      this.settingsNow = parsed.data;
    });
    const required = ROLES.filter((r) => parsed.data.requireTwoFactor[r]);
    await this.record({
      action: 'account-settings',
      who: asker.username,
      address: asker.address,
      detail: `two-step sign-in required for: ${required.length ? required.join(', ') : 'no one'}`,
    });
    return this.settingsNow;
  }
}
