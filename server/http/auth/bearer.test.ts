// Which Authorization headers carry a token for scripts: only `Bearer`, in any case; a proxy's Basic
// sign-in in front of the site is not ours and leaves the cookie in charge.
import { expect, it } from 'vitest';
import { bearerIn } from './bearer.ts';

it('reads a bearer token and passes over every other kind of Authorization', () => {
  expect(bearerIn('Bearer cms_0123456789ab_x')).toBe('cms_0123456789ab_x');
  expect(bearerIn('bearer   abc ')).toBe('abc');
  // Sent but empty: still a token (one that does not work), never a fall-back to the cookie.
  expect(bearerIn('Bearer ')).toBe('');
  expect(bearerIn('Basic dXNlcjpwYXNz')).toBeUndefined();
  expect(bearerIn('')).toBeUndefined();
  expect(bearerIn(undefined)).toBeUndefined();
});
