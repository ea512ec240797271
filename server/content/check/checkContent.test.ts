import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../config.ts';
import { checkContent } from './checkContent.ts';

describe('npm run check-content', () => {
  it('finds the starter site valid', async () => {
    const { files, problems } = await checkContent(PROJECT_ROOT);
    expect(problems).toEqual([]);
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
});
