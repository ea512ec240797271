// The audit log on real files: appends read back, damaged lines are skipped, rotation bounds the
// size, two writers (the server and `npm run user`) never interleave, a dead writer's lock is taken
// over; and the filter and CSV the admin page uses.
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from './auditLog.ts';
import { takeSocketLock } from '../store/socketLock.ts';
import { auditCsv, filterAudit, parseAuditFilter } from './auditQuery.ts';
import type { AuditEntry } from '../schema/auditEvent.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cms-audit-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('AuditLog', () => {
  it('appends one JSON line per event, owner-only, and reads them back in order', async () => {
    const log = new AuditLog(dir);
    await log.record({ action: 'sign-in', who: 'admin', address: '10.0.0.1' });
    const save = { who: 'admin', entity: 'news', id: '3', commit: 'a'.repeat(40), detail: 'updated' };
    await log.record({ action: 'save', ...save });
    const { entries, skipped } = await log.read();
    expect(skipped).toBe(0);
    expect(entries.map((e) => e.action)).toEqual(['sign-in', 'save']);
    expect(entries[1]).toMatchObject(save);
    expect(Date.parse(entries[0]!.time)).toBeGreaterThan(Date.now() - 60_000);
    expect((await stat(log.file)).mode & 0o777).toBe(0o600);
    expect((await readFile(log.file, 'utf8')).split('\n')).toHaveLength(3);
  });

  it('skips damaged lines, and a line cut off by a crash does not swallow the next one', async () => {
    const log = new AuditLog(dir);
    await log.record({ action: 'sign-in', who: 'first' });
    const damaged = [
      'not json at all',
      '{"time":"yesterday","action":"sign-in"}',
      '{"time":"2026-01-01T00:00:00Z","action":"explode"}',
      '\u0000\u0001garbage',
      '[1,2]',
    ];
    await appendFile(log.file, `${damaged.join('\n')}\n`);
    await appendFile(log.file, '{"time":"2026-11-22T10:00:00.000Z","action":"sa'); // cut off mid-line
    await log.record({ action: 'sign-out', who: 'last' });
    const { entries, skipped } = await log.read();
    expect(entries.map((e) => e.who)).toEqual(['first', 'last']);
    expect(skipped).toBe(6);
  });

  it('rotates before a size and keeps a bounded number of old files, newest entries kept', async () => {
    const log = new AuditLog(dir, { maxBytes: 1000, keep: 2 });
    for (let i = 0; i < 100; i++) {
      await log.record({ action: 'save', who: 'admin', id: String(i), detail: 'x'.repeat(40) });
    }
    const sizes = await Promise.all(log.files().map((f) => stat(f).then((s) => s.size)));
    for (const s of sizes) expect(s).toBeLessThanOrEqual(1000);
    await expect(stat(`${log.file}.3`)).rejects.toThrow();
    const { entries } = await log.read();
    expect(entries.at(-1)!.id).toBe('99');
    // The newest, in order, none missing in between.
    const first = 100 - entries.length;
    expect(entries.map((e) => Number(e.id))).toEqual([...entries.keys()].map((i) => first + i));
    expect(entries.length).toBeLessThan(100);
  });

  it('makes its folder when it is missing (npm run user before the first start)', async () => {
    const log = new AuditLog(path.join(dir, 'private'));
    await log.record({ action: 'user-add', who: 'root (npm run user)', detail: 'added jdoe' });
    expect((await log.read()).entries).toHaveLength(1);
    expect((await stat(path.join(dir, 'private'))).mode & 0o777).toBe(0o700);
  });

  it('a field is cut to a bounded length, so a stranger cannot write megabytes in one sign-in', async () => {
    const log = new AuditLog(dir);
    await log.record({ action: 'sign-in-failed', who: 'x'.repeat(100_000) });
    expect((await stat(log.file)).size).toBeLessThan(400);
  });

  it('two writers at once (the server and the user command) never mix their lines', async () => {
    const a = new AuditLog(dir, { maxBytes: 4000, keep: 3 });
    const b = new AuditLog(dir, { maxBytes: 4000, keep: 3 });
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? a : b).record({ action: 'save', who: 'ab'[i % 2], id: String(i), detail: 'y'.repeat(30) }),
      ),
    );
    const { entries, skipped } = await a.read();
    expect(skipped).toBe(0);
    expect(entries).toHaveLength(60);
  });

  it('takes over a lock left by a process killed while holding it', async () => {
    // The lock is a socket (store/socketLock.ts, as the data folder's): killed with SIGKILL, its
    // holder leaves the socket's file, which nobody answers on.
    const log = new AuditLog(dir);
    const script =
      `require('node:net').createServer().listen(${JSON.stringify(`${log.file}.lock`)}, ` +
      `() => process.kill(process.pid, 'SIGKILL'))`;
    const killed = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(killed.signal).toBe('SIGKILL');
    expect((await stat(`${log.file}.lock`)).isSocket()).toBe(true);
    await log.record({ action: 'sign-in', who: 'after a crash' });
    expect((await log.read()).entries.map((e) => e.who)).toEqual(['after a crash']);
  });

  it('takes over a lock file an older version left (a process id in a plain file)', async () => {
    const log = new AuditLog(dir);
    await writeFile(`${log.file}.lock`, '12345\n');
    await log.record({ action: 'sign-in', who: 'after an upgrade' });
    expect((await log.read()).entries.map((e) => e.who)).toEqual(['after an upgrade']);
  });

  it('waits while another process holds the lock, and writes once it lets go', async () => {
    const log = new AuditLog(dir);
    const held = await takeSocketLock(`${log.file}.lock`);
    expect(held).not.toBeNull();
    let written = false;
    const recording = log.record({ action: 'sign-in', who: 'waited' }).then(() => (written = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(written).toBe(false);
    await held!.release();
    await recording;
    expect((await log.read()).entries.map((e) => e.who)).toEqual(['waited']);
  });

  it('reports a log it cannot write and carries on (the action is not refused)', async () => {
    const said: string[] = [];
    const log = new AuditLog(path.join(dir, 'file-not-folder'), { log: (m) => said.push(m) });
    await writeFile(path.join(dir, 'file-not-folder'), 'in the way');
    await expect(log.record({ action: 'sign-in' })).resolves.toBeUndefined();
    expect(said[0]).toMatch(/Could not write to the audit log/);
  });
});

describe('filter and CSV', () => {
  const entries: AuditEntry[] = [
    { time: '2026-11-20T09:00:00.000Z', action: 'sign-in', who: 'alice', address: '10.0.0.1' },
    {
      time: '2026-11-21T09:00:00.000Z',
      action: 'sign-in-failed',
      who: '=HYPERLINK("http://x")',
      address: '10.0.0.9',
    },
    {
      time: '2026-11-22T09:00:00.000Z',
      action: 'save',
      who: 'bob',
      entity: 'news',
      id: '4',
      commit: 'c'.repeat(40),
      detail: 'a "quoted", line\nbreak',
    },
  ];

  it('filters by who (or address), action and time, newest first', () => {
    expect(filterAudit(entries, {})).toEqual([entries[2], entries[1], entries[0]]);
    expect(filterAudit(entries, parseAuditFilter({ who: 'ALI' }))).toEqual([entries[0]]);
    expect(filterAudit(entries, parseAuditFilter({ who: '10.0.0.9' }))).toEqual([entries[1]]);
    expect(filterAudit(entries, parseAuditFilter({ action: 'save' }))).toEqual([entries[2]]);
    const day = parseAuditFilter({ from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z' });
    expect(filterAudit(entries, day)).toEqual([entries[1]]);
    expect(() => parseAuditFilter({ action: 'nonsense' })).toThrow(/no action/);
    expect(() => parseAuditFilter({ from: 'soon' })).toThrow(/date and time/);
  });

  it('writes RFC 4180 CSV, and a cell a spreadsheet would run as a formula is only text', () => {
    const csv = auditCsv(filterAudit(entries, {}));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('time,action,who,address,entity,id,commit,detail');
    const row = `2026-11-22T09:00:00.000Z,save,bob,,news,4,${'c'.repeat(40)},"a ""quoted"", line\nbreak"`;
    expect(csv).toContain(row);
    expect(csv).toContain(`sign-in-failed,"'=HYPERLINK(""http://x"")",10.0.0.9`);
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
