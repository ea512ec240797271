// The layer rule (.dependency-cruiser.cjs) fails on a tree that breaks it: a back-pointing import, a
// type-only cycle, the web app reaching past server/schema/, Express or multer outside server/http/,
// the server reaching into web/ (but for the one entry), the site and the admin importing each other,
// the wire codec used below the HTTP edge, a unit test that starts a site. That it holds on the real
// tree is what `npm run check:layers` says, which both test commands run.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config.ts';

const run = promisify(execFile);
const depcruise = path.join(PROJECT_ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** Runs the layer check in `cwd` on `folders`; the exit code and the rules it reports. */
async function checkLayers(cwd: string, folders: string[]): Promise<{ code: number; rules: string[] }> {
  const args = [depcruise, ...folders, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'];
  try {
    await run(process.execPath, args, { cwd });
    return { code: 0, rules: [] };
  } catch (e) {
    const { code, stdout } = e as { code: number; stdout: string };
    return { code, rules: [...stdout.matchAll(/error (\S+):/g)].map((m) => m[1]!) };
  }
}

describe('a tree that breaks the rule', () => {
  let dir: string;
  const plant = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'layers-'));
    for (const f of ['.dependency-cruiser.cjs', 'tsconfig.json'])
      await copyFile(path.join(PROJECT_ROOT, f), path.join(dir, f));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('fails on a store file that imports the HTTP layer', async () => {
    await plant('server/http/answer.ts', 'export const answer = 1;\n');
    await plant(
      'server/store/planted.ts',
      "import { answer } from '../http/answer.ts';\nexport const x = answer;\n",
    );
    const { code, rules } = await checkLayers(dir, ['server']);
    expect(code).not.toBe(0);
    expect(rules).toEqual(expect.arrayContaining(['store-over-schema', 'only-root-imports-http']));
  }, 60_000);

  it('fails on a cycle made of type-only imports', async () => {
    await rm(path.join(dir, 'server'), { recursive: true, force: true });
    await plant('server/store/a.ts', "import type { B } from './b.ts';\nexport interface A { b?: B }\n");
    await plant('server/store/b.ts', "import type { A } from './a.ts';\nexport interface B { a?: A }\n");
    const { code, rules } = await checkLayers(dir, ['server']);
    expect(code).not.toBe(0);
    expect(rules).toContain('no-circular');
  }, 60_000);

  it('fails on the web app importing past server/schema/', async () => {
    await rm(path.join(dir, 'server'), { recursive: true, force: true });
    await plant('server/content/index.ts', 'export const items = [];\n');
    await plant('server/schema/entity.ts', 'export const entity = 1;\n');
    await plant(
      'web/page.ts',
      "import { entity } from '../server/schema/entity.ts';\nimport { items } from '../server/content/index.ts';\nexport const page = [entity, items];\n",
    );
    const { code, rules } = await checkLayers(dir, ['server', 'web']);
    expect(code).not.toBe(0);
    expect(rules).toEqual(['web-imports-schema-only']);
  }, 60_000);

  /** A package of that name in the planted tree, so its import resolves as the real one does. */
  const plantPackage = (name: string) =>
    Promise.all([
      plant(`node_modules/${name}/package.json`, JSON.stringify({ name, main: 'index.js' })),
      plant(`node_modules/${name}/index.js`, 'module.exports = {};\n'),
    ]);

  it('fails on Express or multer imported outside server/http/ (a content file, a service)', async () => {
    await rm(path.join(dir, 'server'), { recursive: true, force: true });
    await rm(path.join(dir, 'web'), { recursive: true, force: true });
    await Promise.all([plantPackage('express'), plantPackage('multer')]);
    await plant('server/http/routes.ts', "import express from 'express';\nexport const app = express;\n");
    await plant(
      'server/content/planted.ts',
      "import type { Request } from 'express';\nexport type R = Request;\n",
    );
    const content = await checkLayers(dir, ['server']);
    expect(content.code).not.toBe(0);
    expect(content.rules).toEqual(['express-only-in-http']);
    await rm(path.join(dir, 'server/content'), { recursive: true, force: true });
    await plant('server/contact/planted.ts', "import multer from 'multer';\nexport const m = multer;\n");
    const service = await checkLayers(dir, ['server']);
    expect(service.code).not.toBe(0);
    expect(service.rules).toEqual(['express-only-in-http']);
  }, 60_000);

  it('fails on a server file importing web/, and on the composition root importing more than the renderers', async () => {
    await rm(path.join(dir, 'server'), { recursive: true, force: true });
    await plant('web/src/site/brand.ts', 'export const SITE_NAME = "x";\n');
    await plant('web/src/ssr/renderers.ts', 'export const renderPage = () => "";\n');
    await plant('server/main.ts', "export const load = () => import('../web/src/ssr/renderers.ts');\n");
    expect(await checkLayers(dir, ['server', 'web'])).toEqual({ code: 0, rules: [] });
    await plant(
      'server/http/planted.ts',
      "import { SITE_NAME } from '../../web/src/site/brand.ts';\nexport const name = SITE_NAME;\n",
    );
    const http = await checkLayers(dir, ['server', 'web']);
    expect(http.code).not.toBe(0);
    expect(http.rules).toEqual(expect.arrayContaining(['server-imports-no-web']));
    await rm(path.join(dir, 'server/http'), { recursive: true, force: true });
    await plant(
      'server/main.ts',
      "import { SITE_NAME } from '../web/src/site/brand.ts';\nexport const load = () => import('../web/src/ssr/renderers.ts');\nexport const name = SITE_NAME;\n",
    );
    const root = await checkLayers(dir, ['server', 'web']);
    expect(root.code).not.toBe(0);
    expect(root.rules).toEqual(['root-imports-web-entry-only']);
  }, 60_000);

  it('fails on the public site and the admin importing each other', async () => {
    await rm(path.join(dir, 'server'), { recursive: true, force: true });
    await rm(path.join(dir, 'web'), { recursive: true, force: true });
    await plant('web/src/admin/ui/Modal.tsx', 'export const Modal = 1;\n');
    await plant('web/src/site/components/Modal.tsx', 'export const Modal = 2;\n');
    await plant(
      'web/src/site/planted.ts',
      "import { Modal } from '../admin/ui/Modal.tsx';\nexport const m = Modal;\n",
    );
    const site = await checkLayers(dir, ['web']);
    expect(site.code).not.toBe(0);
    expect(site.rules).toEqual(['site-imports-no-admin']);
    await rm(path.join(dir, 'web/src/site/planted.ts'));
    await plant(
      'web/src/admin/planted.ts',
      "import { Modal } from '../site/components/Modal.tsx';\nexport const m = Modal;\n",
    );
    const admin = await checkLayers(dir, ['web']);
    expect(admin.code).not.toBe(0);
    expect(admin.rules).toEqual(['admin-imports-no-site']);
  }, 60_000);

  it('fails on the content layer importing the wire codec (server/http/legacy/)', async () => {
    await rm(path.join(dir, 'server'), { recursive: true, force: true });
    await rm(path.join(dir, 'web'), { recursive: true, force: true });
    await plant('server/http/legacy/wire.ts', 'export const toWire = (x: unknown) => x;\n');
    await plant(
      'server/content/index/planted.ts',
      "import { toWire } from '../../http/legacy/wire.ts';\nexport const w = toWire;\n",
    );
    const { code, rules } = await checkLayers(dir, ['server']);
    expect(code).not.toBe(0);
    expect(rules).toEqual(expect.arrayContaining(['wire-codec-at-the-edge', 'content-over-store']));
  }, 60_000);

  it('fails on a unit test that starts a site or opens a port, and not on a site test', async () => {
    await rm(path.join(dir, 'server'), { recursive: true, force: true });
    await rm(path.join(dir, 'web'), { recursive: true, force: true });
    await plant('server/main.ts', 'export const startServer = () => ({});\n');
    await plant(
      'server/testing/testSite.ts',
      "import { startServer } from '../main.ts';\nexport type TestSite = object;\nexport const startTestSite = () => startServer();\n",
    );
    const startsASite =
      "import { startTestSite } from '../testing/testSite.ts';\nexport const site = startTestSite();\n";
    const listens = "import { createServer } from 'node:http';\nexport const server = createServer();\n";
    await plant('server/store/planted.test.ts', startsASite);
    await plant('server/store/planted.site.test.ts', startsASite);
    await plant('server/store/port.test.ts', listens);
    await plant('server/store/port.site.test.ts', listens);
    // Types start nothing.
    await plant(
      'server/store/types.test.ts',
      "import type { Server } from 'node:http';\nimport type { TestSite } from '../testing/testSite.ts';\nexport type S = [Server, TestSite];\n",
    );
    // A new helper that starts a site, not yet named as one: the rule says to name it.
    await plant('server/store/siteTestKit.ts', startsASite);
    const { code, rules } = await checkLayers(dir, ['server']);
    expect(code).not.toBe(0);
    // Once each: the plain tests and the helper, not the site tests beside them nor the types.
    expect(rules.sort()).toEqual([
      'site-starting-helpers-are-named',
      'unit-tests-open-no-port',
      'unit-tests-start-no-site',
    ]);
  }, 60_000);
});
