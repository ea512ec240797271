// The one link rule (DESIGN decision 12), table-driven: what is kept, what is completed with https://,
// and what is refused because a browser would take it somewhere else or run it.
import { describe, expect, it } from 'vitest';
import { normalizeLink, staysOnSite } from './links.ts';

const KEPT: [string, string][] = [
  ['', ''],
  ['/', '/'],
  ['/page', '/page'],
  ['/summerOfCS#dates', '/summerOfCS#dates'],
  ['#top', '#top'],
  ['?tab=2', '?tab=2'],
  ['/a/b?c=d#e', '/a/b?c=d#e'],
  ['/news/%2F%2Fevil', '/news/%2F%2Fevil'], // unescaped, still a path of this site: /news///evil
  ['/100%25-sure', '/100%25-sure'],
  ['/a%20b', '/a%20b'],
  ['  /page  ', '/page'],
  ['\t/page\n', '/page'],
  ['https://example.org/a?b=c', 'https://example.org/a?b=c'],
  ['HTTP://Example.org/', 'HTTP://Example.org/'],
  ['mailto:info@example.org', 'mailto:info@example.org'],
  ['ircs://irc.example.org/chan', 'ircs://irc.example.org/chan'],
  ['xmpp:someone@example.org', 'xmpp:someone@example.org'],
  ['example.org/x', 'https://example.org/x'],
  ['www.example.org', 'https://www.example.org'],
  ['localhost:3000/x', 'https://localhost:3000/x'],
  ['exämple.org/ünïcode', 'https://exämple.org/ünïcode'],
];

const REFUSED: [string, string][] = [
  ['/\t/evil.example', 'a tab, which browsers drop: //evil.example'],
  ['/\n/evil.example', 'a newline, dropped the same way'],
  ['/\r\n/evil.example', 'CR LF'],
  ['/\\evil.example', 'a backslash, a slash to browsers'],
  ['/\\/evil.example', 'slash and backslash'],
  ['/%5Cevil.example', 'an escaped backslash: /\\evil.example to a server or proxy that undoes escapes'],
  ['/%5cevil.example', 'the same in small letters'],
  ['/%255Cevil.example', 'escaped twice'],
  ['/%2F%2Fevil.example', 'escaped slashes: //evil.example once undone'],
  ['/%2fevil.example', 'one escaped slash after the first'],
  ['/%09/evil.example', 'an escaped tab, which browsers drop once a server undoes it'],
  ['/%0A/evil.example', 'an escaped line break'],
  ['//evil.example/x', 'a protocol-relative link'],
  ['///evil.example', 'three slashes'],
  ['/ /evil.example', 'a space inside'],
  ['/\u00a0/evil.example', 'a no-break space'],
  ['/\u3000page', 'an ideographic space'],
  ['/\u0000/evil.example', 'a NUL'],
  ['/\u007f/x', 'DEL'],
  ['/\u200b/evil.example', 'a zero-width space'],
  ['/\u202epage', 'a right-to-left override'],
  ['https://exa mple.org', 'a space in the host'],
  ['java\tscript:alert(1)', 'a tab inside the scheme'],
  ['javascript:alert(1)', 'javascript:'],
  ['JavaScript:alert(1)', 'javascript: in capitals'],
  ['data:text/html,<script>alert(1)</script>', 'data:'],
  ['vbscript:msgbox(1)', 'vbscript:'],
  ['file:///etc/passwd', 'file:'],
  ['http://', 'no host'],
  ['https://[::1', 'an unreadable host'],
  ['example.org:99999', 'a port out of range'],
  ['"-prompt(8)-"', 'not an address: https:// is not put in front of anything'],
  ['click-here', 'a word, not a host name'],
  ['<b>x</b>.org', 'markup'],
];

describe('normalizeLink', () => {
  it.each(KEPT)('%j is kept as %j', (sent, kept) => {
    expect(normalizeLink(sent)).toBe(kept);
  });

  it.each(REFUSED)('%j is refused (%s)', (sent) => {
    expect(normalizeLink(sent)).toBeNull();
  });

  it('what it keeps resolves, for a relative link, to this site', () => {
    for (const [, kept] of KEPT) {
      if (/^[/#?]/.test(kept)) expect(new URL(kept, 'https://our.site/page').host).toBe('our.site');
    }
  });
});

describe('staysOnSite', () => {
  it('is true only for links that resolve to the same origin', () => {
    expect(staysOnSite('/events')).toBe(true);
    expect(staysOnSite('#x')).toBe(true);
    expect(staysOnSite('//evil.example')).toBe(false);
    expect(staysOnSite('/\\evil.example')).toBe(false);
    expect(staysOnSite('/\t/evil.example')).toBe(false);
    expect(staysOnSite('/%5Cevil.example')).toBe(false);
    expect(staysOnSite('/news/%5Cx')).toBe(true); // /news//x once undone: still this site
    expect(staysOnSite('https://evil.example/')).toBe(false);
  });
});
