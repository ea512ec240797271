// A first start with a remote: the site repository is a clone of it. A new primary restored from
// its backup, and every replica, start this way. An empty remote leaves the folder to be created
// from the starter content (and pushed).
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { runGit } from './gitCli.ts';
import type { RemoteSettings } from './remoteSettings.ts';

export async function cloneIfMissing(
  remote: RemoteSettings,
  siteDir: string,
  log: (m: string) => void,
): Promise<void> {
  // Only where there is nothing yet: a folder that exists is the site (or someone's files), kept as is.
  if (
    await access(siteDir).then(
      () => true,
      () => false,
    )
  )
    return;
  const parent = path.dirname(siteDir);
  await mkdir(parent, { recursive: true });
  // Cloned beside it and renamed into place: a clone that died half-way is simply started again.
  const partial = `${siteDir}.cloning`;
  await rm(partial, { recursive: true, force: true });
  log(`Copying the site from ${remote.url} …`);
  await runGit(
    remote,
    parent,
    ['clone', '--quiet', '--no-tags', '--single-branch', remote.url, partial],
    30 * 60_000,
  );
  await rename(partial, siteDir);
  log(`Copied the site from ${remote.url}.`);
}
