// Two-step sign-in for one's own account: setting it up (a key to scan, confirmed by a code), renewing
// recovery codes, turning it off where the role allows, and checking a sign-in's second step.
import { AppError } from '../schema/errors.ts';
import { ROLE_LABELS } from '../schema/roles.ts';
import { UserError, type User, type UserStore } from './users.ts';
import {
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  totpQrSvg,
  totpUri,
  useRecoveryCode,
} from './twoFactor.ts';
import type { AccountSettings } from './accountSettings.ts';
import type { Asker, RecordEvent } from './asker.ts';

export class TwoStepSignIn {
  constructor(
    private readonly users: UserStore,
    private readonly record: RecordEvent,
    /** The site's name, shown in the authenticator app beside the account. */
    private readonly issuer: string,
    private readonly settings: () => AccountSettings,
  ) {}

  /** A new key to scan; it is on only once a code from it is confirmed. */
  async startTwoFactor(user: User): Promise<{ secret: string; uri: string; qrSvg: string }> {
    const secret = newTotpSecret();
    await this.users.update(user.username, (u) => {
      u.twoFactorPending = secret;
    });
    const uri = totpUri(secret, user.username, this.issuer);
    return { secret, uri, qrSvg: await totpQrSvg(uri) };
  }

  async confirmTwoFactor(user: User, code: unknown, asker: Asker): Promise<string[]> {
    const secret = user.twoFactorPending;
    if (!secret) throw new AppError(409, 'Start setting up two-step sign-in first.');
    const step = matchTotp(secret, typeof code === 'string' ? code : '', undefined);
    if (step === null)
      throw new UserError('That code is not right. Type the 6 digits your app shows now.', 'code');
    const { codes, hashes } = newRecoveryCodes();
    await this.users.update(user.username, (u) => {
      u.twoFactor = { secret, lastStep: step, recovery: hashes, since: new Date().toISOString() };
      delete u.twoFactorPending;
    });
    await this.record({ action: 'two-factor-on', who: asker.username, address: asker.address });
    return codes;
  }

  async renewRecoveryCodes(user: User, password: unknown, asker: Asker): Promise<string[]> {
    if (!user.twoFactor) throw new AppError(409, 'Two-step sign-in is not on.');
    await this.requirePassword(user, password);
    const { codes, hashes } = newRecoveryCodes();
    await this.users.update(user.username, (u) => {
      if (u.twoFactor) u.twoFactor.recovery = hashes;
    });
    await this.record({ action: 'recovery-codes-renewed', who: asker.username, address: asker.address });
    return codes;
  }

  async turnOffTwoFactor(user: User, password: unknown, asker: Asker): Promise<void> {
    if (!user.twoFactor) throw new AppError(409, 'Two-step sign-in is not on.');
    if (this.settings().requireTwoFactor[user.role])
      throw new AppError(
        403,
        `Two-step sign-in is required for ${ROLE_LABELS[user.role].toLowerCase()}s here.`,
      );
    await this.requirePassword(user, password);
    await this.users.update(user.username, (u) => {
      delete u.twoFactor;
      delete u.twoFactorPending;
    });
    await this.record({ action: 'two-factor-off', who: asker.username, address: asker.address });
  }

  /**
   * A code from the app or a recovery code, spent when right. False when wrong. The code is checked
   * against the account as the users file holds it, under the file's queue, and spent in the same
   * write: of requests racing with one code, one gets in.
   */
  async checkSecondFactor(
    user: User,
    given: { code?: unknown; recoveryCode?: unknown },
    address?: string,
  ): Promise<boolean> {
    if (!user.twoFactor) return false;
    const { code, recoveryCode } = given;
    if (typeof code === 'string' && code.trim()) {
      const spent = { now: false };
      await this.users.update(user.username, (u) => {
        const tf = u.twoFactor;
        const step = tf ? matchTotp(tf.secret, code, tf.lastStep) : null;
        if (!tf || step === null) return false;
        tf.lastStep = step;
        spent.now = true;
      });
      return spent.now;
    }
    if (typeof recoveryCode === 'string' && recoveryCode.trim()) {
      const spent: { left?: string[] } = {};
      await this.users.update(user.username, (u) => {
        const left = u.twoFactor ? useRecoveryCode(u.twoFactor.recovery, recoveryCode) : null;
        if (!u.twoFactor || !left) return false;
        u.twoFactor.recovery = spent.left = left;
      });
      const left = spent.left;
      if (!left) return false;
      await this.record({
        action: 'recovery-code-used',
        who: user.username,
        address,
        detail: `${left.length} left`,
      });
      return true;
    }
    return false;
  }

  private async requirePassword(user: User, password: unknown): Promise<void> {
    if (!(await this.users.passwordMatches(user, password)))
      throw new UserError('Your password is not right.', 'password');
  }
}
