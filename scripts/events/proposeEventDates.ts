// npm run propose-event-dates [-- --write]: for event cards without dates, the start and end dates
// their words name ("Monday, June 14 – Friday, June 18, 2027"), printed for staff to read over; with
// --write they are saved through the change pipeline in one commit. Run it with the server stopped:
// it opens the site repository in CMS_DATA_DIR itself.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { configFromEnv } from '../../server/config.ts';
import { ContentIndex } from '../../server/content/index/contentIndex.ts';
import { ContentWriter } from '../../server/content/writer/writer.ts';
import { lockDataDir } from '../../server/dataDirLock.ts';
import { proposedDates } from '../../server/schema/eventWhen.ts';
import { AppError } from '../../server/schema/errors.ts';
import { entities } from '../../server/schema/registry.ts';
import { GitStore } from '../../server/store/gitStore.ts';
import { fieldText } from '../../server/schema/fieldText.ts';

export interface Proposal {
  id: string;
  title: string;
  when: string;
  dates: { start_date?: string; end_date?: string };
}

/** The proposals for a data folder's cards, and the commit that saved them when `write` is set. */
export async function proposeEventDates(
  dataDir: string,
  opts: { write: boolean; who: string },
): Promise<{ proposals: Proposal[]; commit?: string }> {
  const siteDir = path.join(dataDir, 'site');
  if (!existsSync(path.join(siteDir, '.git')))
    throw new AppError(404, `There is no site repository at ${siteDir} (set CMS_DATA_DIR).`);
  const privateDir = path.join(dataDir, 'private');
  await mkdir(privateDir, { recursive: true, mode: 0o700 });
  // A running server writes the same repository: it must be stopped first.
  const lock = await lockDataDir(dataDir, privateDir);
  try {
    const { store } = await GitStore.open(siteDir);
    const index = new ContentIndex(store, () => undefined);
    await index.load();
    const proposals: Proposal[] = [];
    for (const card of index.list(entities.eventCard)) {
      const dates = proposedDates(card.data);
      if (!dates) continue;
      const text = (k: string) => fieldText(card.data[k]);
      proposals.push({ id: card.id, title: text('title'), when: text('when_date'), dates });
    }
    if (!opts.write || !proposals.length) return { proposals };
    const writer = new ContentWriter(store, index);
    const commit = await writer.updateMany(
      entities.eventCard,
      proposals.map((p) => ({ id: p.id, input: p.dates })),
      { name: opts.who, email: 'cms@localhost', username: opts.who },
      `event-cards: dates read from their words for ${proposals.length} card${proposals.length === 1 ? '' : 's'}`,
    );
    return { proposals, commit };
  } finally {
    await lock.release();
  }
}

const line = (p: Proposal) =>
  `${p.id}\t${p.title}\n\t“${p.when}”\n\tstart ${p.dates.start_date ?? '(kept)'}, end ${p.dates.end_date ?? '(one day)'}`;

async function main() {
  const write = process.argv.includes('--write');
  const { dataDir } = configFromEnv();
  let who = 'npm run propose-event-dates';
  try {
    who = `${userInfo().username} (${who})`;
  } catch {
    // no account name on this machine: the command's name alone
  }
  const { proposals, commit } = await proposeEventDates(dataDir, { write, who });
  if (!proposals.length) {
    console.log('Every event card whose words name its days has its dates already: nothing to propose.');
    return;
  }
  for (const p of proposals) console.log(line(p));
  console.log(
    commit
      ? `Saved the dates of ${proposals.length} card(s) in one commit, ${commit.slice(0, 7)}.`
      : write
        ? 'Nothing changed: the cards have these dates already.'
        : `${proposals.length} card(s). Run again with --write to save these dates (one commit).`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((e: Error) => {
    console.error(
      e instanceof AppError || e.name === 'DataDirInUseError' ? e.message : `Could not finish: ${e.message}`,
    );
    process.exit(1);
  });
}
