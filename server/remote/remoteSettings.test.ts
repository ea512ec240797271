// Settings of the git remote, webhook signatures of each forge, and git's failures in plain words.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { remoteFromEnv } from './remoteSettings.ts';
import { webhookSignatureValid } from './webhookSignature.ts';
import { GitCommandError, plainReason, redact } from './gitCli.ts';

describe('remoteFromEnv', () => {
  it('no remote: null for a primary, a plain error for a replica', () => {
    expect(remoteFromEnv({})).toBeNull();
    expect(() => remoteFromEnv({ CMS_ROLE: 'replica' })).toThrow('CMS_ROLE=replica needs CMS_GIT_REMOTE');
    expect(() => remoteFromEnv({ CMS_ROLE: 'mirror' })).toThrow('CMS_ROLE must be "primary" or "replica"');
  });

  it.each([
    [
      'token beside the address',
      { CMS_GIT_REMOTE: 'https://github.com/org/site.git', CMS_GIT_TOKEN: 'ghp_x' },
      'https://github.com/org/site.git',
      { username: 'x-access-token', password: 'ghp_x' },
    ],
    [
      'user and password in the address',
      { CMS_GIT_REMOTE: 'https://bot:p%40ss@gitlab.com/org/site.git' },
      'https://gitlab.com/org/site.git',
      { username: 'bot', password: 'p@ss' },
    ],
    [
      'a token alone in the address',
      { CMS_GIT_REMOTE: 'https://tok123@gitea.example.org/org/site.git' },
      'https://gitea.example.org/org/site.git',
      { username: 'x-access-token', password: 'tok123' },
    ],
    [
      'a user name for the token',
      { CMS_GIT_REMOTE: 'https://gitlab.com/o/s.git', CMS_GIT_TOKEN: 't', CMS_GIT_USERNAME: 'oauth2' },
      'https://gitlab.com/o/s.git',
      { username: 'oauth2', password: 't' },
    ],
    [
      'no credentials (a public remote)',
      { CMS_GIT_REMOTE: 'https://example.org/site.git' },
      'https://example.org/site.git',
      null,
    ],
    [
      'plain http on this machine',
      { CMS_GIT_REMOTE: 'http://127.0.0.1:8080/site.git' },
      'http://127.0.0.1:8080/site.git',
      null,
    ],
  ])('%s: the address keeps no secret', (_name, env, url, credentials) => {
    const r = remoteFromEnv(env)!;
    expect(r.url).toBe(url);
    expect(r.credentials).toEqual(credentials);
  });

  it('refuses plain http to another machine, and addresses that are not addresses', () => {
    expect(() => remoteFromEnv({ CMS_GIT_REMOTE: 'http://git.example.org/site.git' })).toThrow(
      'must be an https:// address',
    );
    expect(() => remoteFromEnv({ CMS_GIT_REMOTE: 'git@github.com:org/site.git' })).toThrow(
      'is not a web address',
    );
  });

  it.each([
    [undefined, 300_000],
    ['90', 90_000],
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['0', 0],
  ])('CMS_GIT_PULL_INTERVAL=%s → %i ms', (value, ms) => {
    expect(
      remoteFromEnv({ CMS_GIT_REMOTE: 'https://x.org/s.git', CMS_GIT_PULL_INTERVAL: value })!.pullIntervalMs,
    ).toBe(ms);
  });

  it('a replica names its primary without a trailing slash', () => {
    const r = remoteFromEnv({
      CMS_ROLE: 'replica',
      CMS_GIT_REMOTE: 'https://x.org/s.git',
      CMS_PRIMARY_URL: 'https://edit.example.org/',
    })!;
    expect(r).toMatchObject({ role: 'replica', primaryUrl: 'https://edit.example.org' });
    expect(() =>
      remoteFromEnv({ CMS_GIT_REMOTE: 'https://x.org/s.git', CMS_GIT_PULL_INTERVAL: 'soon' }),
    ).toThrow('CMS_GIT_PULL_INTERVAL');
  });
});

describe('webhookSignatureValid', () => {
  const secret = 'shared';
  const body = Buffer.from('{"ref":"refs/heads/main"}');
  const hmac = createHmac('sha256', secret).update(body).digest('hex');
  it.each([
    ['GitHub', { 'x-hub-signature-256': `sha256=${hmac}` }, true],
    ['GitHub, wrong', { 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` }, false],
    ['Gitea', { 'x-gitea-signature': hmac }, true],
    ['Forgejo', { 'x-forgejo-signature': hmac }, true],
    [
      'Gogs, another body',
      { 'x-gogs-signature': createHmac('sha256', secret).update('x').digest('hex') },
      false,
    ],
    ['GitLab', { 'x-gitlab-token': secret }, true],
    ['GitLab, wrong token', { 'x-gitlab-token': 'shared2' }, false],
    ['nothing', {}, false],
  ])('%s', (_name, headers, valid) => {
    expect(webhookSignatureValid(headers, body, secret)).toBe(valid);
  });
});

describe("git's failures", () => {
  const remote = {
    url: 'https://x.org/s.git',
    credentials: { username: 'u', password: 'sekrit' },
    pullIntervalMs: 0,
    webhookSecret: null,
    role: 'primary' as const,
    primaryUrl: null,
  };
  it('redact takes credentials out of addresses and the token out of any text', () => {
    expect(redact("fatal: unable to access 'https://u:sekrit@x.org/s.git/': 403 sekrit", remote)).toBe(
      "fatal: unable to access 'https://x.org/s.git/': 403 ***",
    );
  });
  it.each([
    [
      "fatal: unable to access 'https://x.org/': Could not resolve host: x.org",
      "the backup's address could not be found",
    ],
    [
      "fatal: unable to access 'http://127.0.0.1:1/s.git/': Failed to connect to 127.0.0.1 port 1: Connection refused",
      'the backup server did not answer',
    ],
    [
      "fatal: Authentication failed for 'https://x.org/s.git/'",
      'the backup refused the sign-in (check CMS_GIT_TOKEN)',
    ],
    [
      "remote: Repository not found.\nfatal: repository 'https://x.org/s.git/' not found",
      'the backup repository was not found at that address',
    ],
    [
      "fatal: unable to access 'https://x.org/s.git/': The requested URL returned error: 503",
      'the backup server is not working right now',
    ],
    ['fatal: something else entirely', 'something else entirely'],
  ])('%s', (stderr, words) => {
    expect(plainReason(new GitCommandError('git failed', stderr, 128))).toBe(words);
  });
});
