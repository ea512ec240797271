// A benchmark's generated site as the server meets it on a real start: its files committed as one
// first commit, then the server as `npm start` runs it (built, file watcher on) on that folder, and
// the admin signed in.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SiteClient } from '../drill/api.ts';
import { newsStarter } from './cmsChild.ts';
import { ADMIN, startServer, type ServerChild } from '../drill/serverProcess.ts';
import { git } from './siteRepo.ts';

export async function builtServerOn(
  dataDir: string,
  siteDir: string,
  message: string,
): Promise<{ server: ServerChild; client: SiteClient }> {
  git(siteDir, 'init', '-q', '-b', 'main');
  git(siteDir, 'add', '-A');
  git(siteDir, 'commit', '-q', '-m', message);
  const server = await startServer(dataDir, { entry: 'built' });
  const client = new SiteClient(server.url);
  const signed = await client.call('POST', '/api/login.php', ADMIN);
  if (signed.status !== 200) {
    await server.stop();
    throw new Error(`sign-in answered ${signed.status}`);
  }
  return { server, client };
}

/**
 * A new folder for a benchmark's site (removed by the caller: `tmp`): the build brought up to date
 * first, then the starter site with `items` generated news items in place of its own.
 */
export async function generatedNewsSite(name: string, items: number) {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build/buildIfStale.ts'], { stdio: 'inherit' });
  const tmp = await mkdtemp(path.join(tmpdir(), `cms-bench-${name}-`));
  const dataDir = path.join(tmp, 'data');
  const siteDir = path.join(dataDir, 'site');
  await mkdir(siteDir, { recursive: true });
  await newsStarter(siteDir, items);
  return { tmp, dataDir, siteDir };
}
