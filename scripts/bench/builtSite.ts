// A benchmark's generated site as the server meets it on a real start: its files committed as one
// first commit, then the server as `npm start` runs it (built, file watcher on) on that folder, and
// the admin signed in.
import { SiteClient } from '../drill/api.ts';
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
