// npm run import-site -- --from https://old.example.org [--replace] [--timeout-seconds 30] [--max-answer-mb 128]
// Reads every documented read endpoint of a running old site and the media they name, and writes
// them into the data folder (CMS_DATA_DIR) as one commit naming the source: a new folder is created
// as a first start creates it. Nothing is written unless everything read is whole and valid.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { configFromEnv } from '../server/config.ts';
import { AppError } from '../server/schema/errors.ts';
import { readOldSite } from '../server/http/siteImport/readOldSite.ts';
import { OldSiteError } from '../server/http/siteImport/oldSiteFetch.ts';
import { writeImport } from '../server/http/siteImport/writeImport.ts';

const USAGE =
  'Usage: npm run import-site -- --from https://old.example.org [--replace] [--timeout-seconds 30] [--max-answer-mb 128]';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

function positive(args: string[], name: string, fallback: number): number {
  const raw = option(args, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!(n > 0)) throw new OldSiteError(`--${name} must be a number above 0 (it was "${raw}").`);
  return n;
}

/** One progress line: rewritten in place on a terminal, else printed now and then. */
function progressLine(): (line: string) => void {
  let last = 0;
  return (line) => {
    if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${line}`);
    else if (Date.now() - last > 1000 || !line.includes(', item ')) {
      last = Date.now();
      console.error(line);
    }
  };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const from = option(args, 'from');
  if (!from) {
    console.error(USAGE);
    return 2;
  }
  const config = configFromEnv();
  const timeoutMs = positive(args, 'timeout-seconds', 30) * 1000;
  // Fetched files wait outside the data folder: a failed import leaves the folder as it was.
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'csed-import-'));
  try {
    const progress = progressLine();
    const content = await readOldSite(from, {
      workDir,
      maxAnswerBytes: positive(args, 'max-answer-mb', 128) * 1024 * 1024,
      idleMs: timeoutMs,
      totalMs: timeoutMs * 20,
      progress,
    });
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    const items = content.items.length;
    console.log(
      `Read ${items.toLocaleString('en-US')} items from ${content.answered.length} endpoints of ${content.source}, and ${content.files.length} shared files.`,
    );
    for (const line of content.skipped) console.log(`Skipped: ${line}`);
    const result = await writeImport(config, content, {
      replace: args.includes('--replace'),
      log: console.log,
    });
    console.log(result);
    return 0;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    if (e instanceof OldSiteError || e instanceof AppError) {
      console.error(e.message);
      if (e instanceof AppError && e.fields)
        for (const [field, why] of Object.entries(e.fields)) console.error(`  ${field}: ${why}`);
      console.error('Nothing was written.');
      process.exit(1);
    }
    console.error(e);
    process.exit(1);
  },
);
