import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../config.ts';
import { checkContent } from './checkContent.ts';

describe('npm run check-content', () => {
  it('finds the starter site valid, and passing every content check', async () => {
    const { files, problems, findings } = await checkContent(PROJECT_ROOT);
    expect(problems).toEqual([]);
    expect(findings).toEqual([]);
    expect(files).toBeGreaterThanOrEqual(40);
  });

  it('reports invalid fields, missing media, stray files and missing singletons', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cms-check-'));
    try {
      await cp(path.join(PROJECT_ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
      await cp(path.join(PROJECT_ROOT, 'media'), path.join(dir, 'media'), { recursive: true });
      await writeFile(
        path.join(dir, 'content/state-policies/1.md'),
        "---\ntitle: x\nimplementation: '7'\n---\ntext\n",
      );
      await writeFile(
        path.join(dir, 'content/profiles/1.md'),
        '---\nname: Someone\nheadshot: media/profiles/99.jpg\n---\n',
      );
      await writeFile(path.join(dir, 'content/news/draft.md'), '---\ntitle: x\n---\n');
      await rm(path.join(dir, 'content/site/footer.md'));
      const { problems } = await checkContent(dir);
      const byPath = Object.fromEntries(problems.map((p) => [p.path, p.problem]));
      expect(byPath['content/state-policies/1.md']).toMatch(/Implementation must be 1/);
      expect(byPath['content/profiles/1.md']).toMatch(/media\/profiles\/99\.jpg, which does not exist/);
      expect(byPath['content/news/draft.md']).toMatch(/not a known content file/);
      expect(byPath['content/site/footer.md']).toBe('missing');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports the content checks: an image without a description fails, the rest are warnings', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cms-check-'));
    try {
      await cp(path.join(PROJECT_ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
      await cp(path.join(PROJECT_ROOT, 'media'), path.join(dir, 'media'), { recursive: true });
      await writeFile(
        path.join(dir, 'content/news/2.md'),
        '---\ntitle: Hand edit\n---\n# Big\n\n![](/media/news/none.png) [click here](/evnts)\n',
      );
      const { problems, findings } = await checkContent(dir);
      expect(problems).toEqual([]);
      expect(findings.map((f) => [f.entity, f.id, f.field, f.check, f.blocks])).toEqual([
        ['news', '2', 'what', 'alt', true],
        ['news', '2', 'what', 'headings', false],
        ['news', '2', 'what', 'linkText', false],
        ['news', '2', 'what', 'media', false],
        ['news', '2', 'what', 'address', false],
      ]);
      // The script: the file and the field named, the warnings marked, and it fails for the image.
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-content.ts', dir], {
        cwd: PROJECT_ROOT,
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        'content/news/2.md (What): The image “/media/news/none.png” has no description',
      );
      expect(run.stderr).toContain('content/news/2.md (What): warning: The link “click here” does not say');
      expect(run.stdout).toMatch(/: 1 problem\(s\), 4 warning\(s\)$/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
