// The order vitest hands test files to its workers. Vitest's own order (groups, then projects, then
// the longest file first) mixes files of one project that run in different environments (jsdom and
// Node); a worker that shares its modules between files (isolate: false) is only kept for a next file
// of the same environment, so in the mixed order nearly every file started a new worker, which loads
// the server, React and jsdom again: 34 workers for one fast tier. Here each project's files of one
// environment come together (Node first, then jsdom), still longest first within each, so a worker
// changes environment once. Within a group, projects go longest files first (PROJECT_ORDER): the
// browser suites, the drills, the built app's pages, then the site and unit suites of seconds each.
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const JSDOM = /^\s*\/\/\s*@vitest-environment\s+jsdom\b/m;

const environments = new Map<string, 'node' | 'jsdom'>();

/** The environment a file asks for in its opening comment (the projects' default is Node). */
function environmentOf(file: string): 'node' | 'jsdom' {
  let env = environments.get(file);
  if (!env) {
    env = JSDOM.test(readFileSync(file, 'utf8').slice(0, 2000)) ? 'jsdom' : 'node';
    environments.set(file, env);
  }
  return env;
}

/** Projects of one group, longest files first; a project not named here comes after, by name. */
const PROJECT_ORDER = ['e2e', 'slow', 'ssr', 'site', 'unit'];
const projectRank = (name: string) => {
  const i = PROJECT_ORDER.indexOf(name);
  return `${String(i < 0 ? PROJECT_ORDER.length : i).padStart(2, '0')}${name}`;
};

export default class EnvironmentBlocks extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const block = (spec: TestSpecification) =>
      `${String(spec.project.config.sequence.groupOrder).padStart(4, '0')}\0${projectRank(spec.project.name)}\0${environmentOf(spec.moduleId) === 'node' ? 0 : 1}`;
    const rank = new Map(sorted.map((spec, i) => [spec, i]));
    return [...sorted].sort((a, b) => {
      const ka = block(a);
      const kb = block(b);
      if (ka !== kb) return ka < kb ? -1 : 1;
      return rank.get(a)! - rank.get(b)!;
    });
  }
}
