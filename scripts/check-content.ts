// npm run check-content [-- <dir>]: validates content/ and media/ (default: the starter site).
import path from 'node:path';
import { checkContent } from '../server/content/check/checkContent.ts';

const root = path.resolve(process.argv[2] ?? '.');
const { files, problems } = await checkContent(root);
for (const p of problems) console.error(`${p.path}: ${p.problem}`);
console.log(
  `${files} content files checked in ${root}: ${problems.length ? `${problems.length} problem(s)` : 'all valid'}`,
);
process.exit(problems.length ? 1 : 0);
