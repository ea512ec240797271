// A child process for crash tests: opens the site repository at argv[2] and makes one save of the
// changes in argv[3] (JSON). With CMS_CRASH_AT set, the store kills this process at that step. Once
// saved, it prints its peak resident memory on stderr (`peak-rss-kb <n>`).
import { GitStore } from '../store/gitStore.ts';

const [dir, changes] = process.argv.slice(2);
const { store } = await GitStore.open(dir!);
await store.commit(
  JSON.parse(changes!) as never,
  { name: 'Interrupted', email: 'i@example.org' },
  'the interrupted save',
);
console.log('saved');
console.error(`peak-rss-kb ${process.resourceUsage().maxRSS}`);
