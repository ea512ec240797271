// A new site as a maintainer meets it with the git CLI: the repository's core settings are git's own
// on this system, and the first admin's saves carry the name and email set up for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({ adminName: 'Ada Lovelace', adminEmail: 'ada@csed.example.org' });
  await site.signIn();
});
afterAll(async () => {
  await site?.stop();
});

describe('a new site', () => {
  it('has core.ignorecase=false and core.filemode=true, as git init writes on Linux', () => {
    expect(site.git('config', '--bool', 'core.ignorecase').trim()).toBe('false');
    expect(site.git('config', '--bool', 'core.filemode').trim()).toBe('true');
    expect(site.git('status', '--porcelain')).toBe('');
  });

  it('commits the first admin’s saves as CMS_ADMIN_NAME <CMS_ADMIN_EMAIL>', async () => {
    const res = await site.api('/api/news.php', {
      method: 'POST',
      json: { title: 'Signed by name', when_date: '2026-11-27' },
    });
    expect(res.status).toBe(201);
    expect(site.git('log', '-1', '--format=%an <%ae>').trim()).toBe('Ada Lovelace <ada@csed.example.org>');
  });
});
