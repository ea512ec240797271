import { parseItemFile } from '../server/content/fileFormat.ts';
import { entities } from '../server/schema/registry.ts';
import { newsFile } from './bench/fixtures.ts';
const files = Array.from({ length: 10000 }, (_, i) => newsFile(i + 1));
for (let round = 0; round < 3; round++) {
  const t = performance.now();
  for (const f of files) parseItemFile(entities.news, f);
  console.log('parse 10k', (performance.now() - t).toFixed(0), 'ms');
}
