import { describe, expect, it } from 'vitest';
import { checkPassword } from '../../../../server/accounts/users.ts';
import { newPasswordProblem } from './accountWords.ts';

describe('newPasswordProblem', () => {
  // The admin's form and the accounts service ask the one rule (server/schema/password.ts); the
  // form once held its own copy of the length, and knew nothing of bcrypt's 72 bytes.
  it('refuses what the server refuses, with its words, before anything is sent', () => {
    for (const password of ['short', 'a'.repeat(73), '€'.repeat(25)]) {
      const problem = newPasswordProblem(password, password);
      expect(problem?.field, password).toBe('password');
      expect(() => checkPassword(password)).toThrow(problem!.message);
    }
  });

  it('takes what the server takes, once the repeat matches', () => {
    for (const password of ['a'.repeat(10), 'a'.repeat(72), '€'.repeat(24)]) {
      expect(newPasswordProblem(password, password), password).toBeNull();
      expect(() => checkPassword(password)).not.toThrow();
      expect(newPasswordProblem(password, `${password}x`)?.field).toBe('repeat');
    }
  });
});
