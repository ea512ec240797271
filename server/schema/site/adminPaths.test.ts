import { describe, expect, it } from 'vitest';
import { ADMIN_PATHS, isAdminPath } from './adminPaths.ts';

describe('isAdminPath', () => {
  it('is each admin route and what is below it, in any case and with trailing slashes', () => {
    for (const route of ADMIN_PATHS)
      for (const p of [
        route,
        route.toLowerCase(),
        route.toUpperCase(),
        `${route}/`,
        `${route}//`,
        `${route}/x/y`,
      ])
        expect(isAdminPath(p), p).toBe(true);
  });

  it('is no other address, even one that starts with an admin route', () => {
    for (const p of [
      '/',
      '',
      '/news',
      '/adminx',
      '/admi',
      '/administrator',
      '/admin-x',
      '/x/admin',
      '/NewsAdminPageX',
    ])
      expect(isAdminPath(p), p).toBe(false);
  });
});
