// Helpers shared by the write-side suites (writes*.site.test.ts): upload fixtures, multipart bodies and
// git assertions made with the git CLI on the test site's repository (real git, no mocks).
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestSite } from '../../testing/testSite.ts';

/** A real 1×1 PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Distinct bytes per call (a tag after the real image data), so each upload is a new blob. */
export const png = (tag: string) => Buffer.concat([PNG_1X1, Buffer.from(tag)]);
export const jpg = (tag: string) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from(`JFIF\0${tag}`),
    Buffer.from([0xff, 0xd9]),
  ]);
export const pdfBytes = (tag: string) =>
  Buffer.from(`%PDF-1.4\n% ${tag}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
export const elf = () =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)]);
export const svg = () =>
  Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
  );

export interface FileSpec {
  bytes: Buffer;
  name: string;
  type: string;
}
export const file = (bytes: Buffer, name: string, type: string): FileSpec => ({ bytes, name, type });

/** A multipart body with the documented field names. */
export function form(fields: Record<string, string>, files: Record<string, FileSpec> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [k, f] of Object.entries(files))
    fd.append(k, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return fd;
}

export const git = (site: TestSite, ...args: string[]) => site.git(...args).trim();
export const commitCount = (site: TestSite) => Number(git(site, 'rev-list', '--count', 'HEAD'));

/** Working tree and index match HEAD, and nothing untracked is left behind. */
export function expectClean(site: TestSite) {
  expect(git(site, 'status', '--porcelain', '--untracked-files=all')).toBe('');
}

export interface ExpectedCommit {
  message: string;
  author: { name: string; email: string };
  /** path → git name-status letter (A added, M modified, D deleted): exactly these, nothing else. */
  files: Record<string, 'A' | 'M' | 'D'>;
}

/** Exactly one commit since `before`, with this author, message and set of changed files. */
export function expectOneCommit(site: TestSite, before: number, want: ExpectedCommit) {
  expect(commitCount(site)).toBe(before + 1);
  // One git call for the commit's author, subject and files (a git process costs tens of ms on a busy
  // machine, and most write tests end here).
  const [name, email, subject, ...files] = git(
    site,
    'show',
    '--name-status',
    '--format=%an%n%ae%n%s',
    '--no-renames',
    'HEAD',
  ).split('\n');
  expect({ name, email, subject }).toEqual({ ...want.author, subject: want.message });
  const changed = Object.fromEntries(
    files.filter(Boolean).map((l) => {
      const [status, p] = l.split('\t');
      return [p!, status!];
    }),
  );
  expect(changed).toEqual(want.files);
  expectClean(site);
}

export function expectNoCommit(site: TestSite, before: number) {
  expect(commitCount(site)).toBe(before);
  expectClean(site);
}

export const workTreeFile = (site: TestSite, rel: string) => path.join(site.siteDir, rel);
export const readWorkTree = (site: TestSite, rel: string) => readFileSync(workTreeFile(site, rel));
export const existsInWorkTree = (site: TestSite, rel: string) => existsSync(workTreeFile(site, rel));

/** Sends a request with exactly the headers given (fetch cannot leave out Origin reliably). */
export function rawRequest(
  url: string,
  opts: { method: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = {
      ...opts.headers,
      ...(opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}),
    };
    const req = http.request(url, { method: opts.method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    // A route that never answers must fail the test by name, not time it out.
    req.setTimeout(5000, () => req.destroy(new Error(`${opts.method} ${url} did not answer within 5 s`)));
    req.end(opts.body);
  });
}

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The status and parsed JSON body of an answer. */
export async function answer(res: Response | Promise<Response>): Promise<JsonAnswer> {
  const r = await res;
  const text = await r.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { raw: text };
  }
  return { status: r.status, body };
}

/** A signed-in GET of a documented list endpoint (media as URLs), as an array of wire items. */
export async function list(site: TestSite, endpoint: string): Promise<Record<string, unknown>[]> {
  const res = await site.api(`/api/${endpoint}?media=url`);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

export async function getOne(site: TestSite, endpoint: string): Promise<Record<string, unknown>> {
  const res = await site.api(`/api/${endpoint}?media=url`);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** An editor with a distinctive name and email, so commit authorship is shown to be the signed-in user's. */
export const EDITOR = {
  username: 'edith',
  password: 'edith-long-password-1',
  name: 'Edith Editor',
  email: 'edith@csed.example.org',
};

export async function addEditorAndSignIn(site: TestSite) {
  if (!site.deps.users.get(EDITOR.username)) await site.deps.users.add(EDITOR);
  await site.signIn(EDITOR.username, EDITOR.password);
  return { name: EDITOR.name, email: EDITOR.email };
}
