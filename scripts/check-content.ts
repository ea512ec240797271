// npm run check-content [-- <dir>]: validates content/ and media/ (default: the starter site), then
// reports what the admin's Content checks page does: images without a description (these fail the
// check, as they refuse a save), and as warnings headings, link words and addresses the site lacks.
import path from 'node:path';
import { checkContent, findingPlace } from '../server/content/check/checkContent.ts';
import { entityByName } from '../server/schema/registry.ts';

const root = path.resolve(process.argv[2] ?? '.');
const { files, problems, findings } = await checkContent(root);
for (const p of problems) console.error(`${p.path}: ${p.problem}`);
for (const f of findings)
  console.error(
    `${findingPlace(f, entityByName.get(f.entity)!)}: ${f.blocks ? '' : 'warning: '}${f.message}`,
  );
const blocking = findings.filter((f) => f.blocks).length;
const failed = problems.length + blocking;
const warnings = findings.length - blocking;
console.log(
  `${files} content files checked in ${root}: ${failed ? `${failed} problem(s)` : 'all valid'}` +
    (warnings ? `, ${warnings} warning(s)` : ''),
);
process.exit(failed ? 1 : 0);
