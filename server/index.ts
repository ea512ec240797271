// Entry point: read the environment, start, and say where the site and admin are.
import { startServer } from './main.ts';

const running = await startServer();
console.log(`The site is running at ${running.url}\nStaff sign in at ${running.url}/admin`);
const stop = () => {
  void running.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
