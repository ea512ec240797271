// Entry point: read the environment, start, and say where the site and admin are.
import { startServer } from './main.ts';

import { UserError } from './accounts/users.ts';
import { DataDirInUseError } from './dataDirLock.ts';
import { RemoteSettingsError } from './remote/remoteSettings.ts';
import { GitCommandError } from './remote/gitCli.ts';

// The watcher starts once the site answers: a start at 10,000 items does not wait for it.
const running = await startServer({ watch: 'after-listen', ownsProcess: true }).catch(
  (e: NodeJS.ErrnoException) => {
    // One plain line, not a stack trace, for the problems a person starting the site can fix.
    const message =
      e.code === 'EADDRINUSE'
        ? `Port ${process.env.PORT ?? 3000} is already in use: stop the other program or set PORT to another number.`
        : e.code === 'EACCES'
          ? `Not allowed to listen on port ${process.env.PORT ?? 3000}: choose a port above 1024 with PORT.`
          : e instanceof DataDirInUseError || e instanceof RemoteSettingsError
            ? e.message
            : e instanceof GitCommandError
              ? `Could not copy the site from CMS_GIT_REMOTE: ${e.message}`
              : e instanceof UserError
                ? `Could not create the first admin user: ${e.message} (check CMS_ADMIN_USERNAME and CMS_ADMIN_PASSWORD)`
                : null;
    if (!message) throw e;
    console.error(message);
    process.exit(1);
  },
);
console.log(`The site is running at ${running.url}\nStaff sign in at ${running.url}/admin`);
const stop = () => {
  void running.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
