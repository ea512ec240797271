// The address check over a table of addresses, and over names resolved by a resolver the test
// controls: every address a name resolves to must be public, and the one approved is the one answered.
import { describe, expect, it } from 'vitest';
import { checkWebhookAddress, isPublicAddress, type ResolvedAddress } from './addressCheck.ts';
import { AppError } from '../schema/errors.ts';

const NOT_PUBLIC = [
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.1', // CGNAT
  '100.127.255.254',
  '127.0.0.1',
  '127.1.2.3',
  '169.254.169.254', // cloud metadata
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.8',
  '192.0.2.1',
  '192.168.1.1',
  '198.18.0.1',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  '0:0:0:0:0:0:0:1',
  '::ffff:127.0.0.1', // IPv4-mapped loopback
  '::ffff:7f00:1', // the same, in hex
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:192.168.0.1',
  '::127.0.0.1', // IPv4-compatible
  '64:ff9b::10.0.0.1', // NAT64 of a private address
  '2002:7f00:1::', // 6to4 of loopback
  '2002:c0a8:101::1',
  'fc00::1',
  'fd12:3456:789a::1', // unique-local
  'fe80::1', // link-local
  'fe80::1%eth0',
  'febf::1',
  'fec0::1',
  'ff02::1', // multicast
  'ff05::1:3',
  '2001:db8::1',
  '100::1',
  'not an address',
  '1.2.3',
  '1.2.3.256',
  '::ffff:1.2.3.400',
  '1:2:3:4:5:6:7:8:9',
];

const PUBLIC = [
  '1.1.1.1',
  '8.8.8.8',
  '93.184.216.34',
  '100.63.255.255', // just below CGNAT
  '100.128.0.0', // just above
  '172.15.255.255',
  '172.32.0.0',
  '192.169.0.1',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '::ffff:8.8.8.8',
  '64:ff9b::8.8.8.8',
  '2002:808:808::1',
  '2a00:1450:4001:80b::200e',
];

describe('isPublicAddress', () => {
  it.each(NOT_PUBLIC)('refuses %s', (ip) => expect(isPublicAddress(ip)).toBe(false));
  it.each(PUBLIC)('accepts %s', (ip) => expect(isPublicAddress(ip)).toBe(true));
});

const resolver =
  (table: Record<string, string[]>) =>
  (host: string): Promise<ResolvedAddress[]> =>
    Promise.resolve(
      (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const),
    );

const RESOLVE = resolver({
  'hooks.example.org': ['93.184.216.34', '2606:2800:220:1::1'],
  'mixed.example.org': ['93.184.216.34', '10.0.0.5'], // one inside is enough to refuse
  'inside.example.org': ['192.168.0.10'],
  'v6inside.example.org': ['::ffff:127.0.0.1'],
});

const refusal = async (url: string, allowPrivate = false) => {
  try {
    await checkWebhookAddress(url, { allowPrivate, resolve: RESOLVE });
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    return (e as AppError).fields?.url;
  }
  return undefined;
};

describe('checkWebhookAddress', () => {
  it('approves https:// to a host whose every address is public, and answers the one to connect to', async () => {
    const t = await checkWebhookAddress('https://hooks.example.org/in?x=1', {
      allowPrivate: false,
      resolve: RESOLVE,
    });
    expect(t).toMatchObject({ address: '93.184.216.34', family: 4 });
    expect(t.url.href).toBe('https://hooks.example.org/in?x=1');
  });

  it.each([
    ['http://hooks.example.org/in', /https:\/\//],
    ['ftp://hooks.example.org/in', /https:\/\//],
    ['hooks.example.org/in', /not a web address/],
    ['', /Enter the address/],
    ['https://user:pw@hooks.example.org/', /user name and password/],
    ['https://mixed.example.org/', /10\.0\.0\.5.*private network/],
    ['https://inside.example.org/', /private network/],
    ['https://v6inside.example.org/', /private network/],
    ['https://127.0.0.1/', /private network/],
    ['https://[::1]/', /private network/],
    ['https://[::ffff:a9fe:a9fe]/', /private network/], // 169.254.169.254, mapped
    ['https://169.254.169.254/latest/meta-data', /private network/],
    ['https://0x7f.1/', /not found|private/], // the URL parser reads it as 127.0.0.1
    ['https://nowhere.example.org/', /was not found/],
  ])('refuses %s', async (url, words) => {
    expect(await refusal(url)).toMatch(words);
  });

  it('with private addresses allowed, takes http:// and addresses inside', async () => {
    expect(await refusal('http://127.0.0.1:8080/hook', true)).toBeUndefined();
    expect(await refusal('https://inside.example.org/', true)).toBeUndefined();
    expect(await refusal('ftp://inside.example.org/', true)).toMatch(/https:\/\//);
  });
});
