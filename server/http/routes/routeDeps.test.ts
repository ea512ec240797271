// Route factories take what they use, not the whole AppDeps: a parameter is `Pick<AppDeps, …>` (or
// something narrower that does not name AppDeps), and every member it picks is used. Read from the
// route files' source (not their tests or test kits), so a factory typed `AppDeps` fails here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROUTES_DIR = import.meta.dirname;

/** What is wrong with one route file's use of AppDeps, as `file:line: words` (none: nothing). */
function routeDepsProblems(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const at = (node: ts.Node, words: string) =>
    problems.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${words}`);

  // The names AppDeps goes by here (`import type { AppDeps as Deps }` too).
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements)
      if ((element.propertyName ?? element.name).text === 'AppDeps') names.add(element.name.text);
  }
  if (!names.size) return problems;

  const isAppDeps = (node: ts.Node): node is ts.TypeReferenceNode =>
    ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && names.has(node.typeName.text);

  /** The picked names of `Pick<AppDeps, 'a' | 'b'>`, or undefined when the type is not one. */
  const picked = (type: ts.TypeNode | undefined): string[] | undefined => {
    if (!type || !ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName)) return undefined;
    const [from, keys] = type.typeArguments ?? [];
    if (type.typeName.text !== 'Pick' || !from || !isAppDeps(from) || !keys) return undefined;
    const literals = ts.isUnionTypeNode(keys) ? keys.types : [keys];
    return literals.flatMap((k) =>
      ts.isLiteralTypeNode(k) && ts.isStringLiteral(k.literal) ? [k.literal.text] : [],
    );
  };

  /** Which members of the parameter `name` the function uses; undefined when it hands it on whole. */
  const usedMembers = (body: ts.Node, name: string): Set<string> | undefined => {
    const used = new Set<string>();
    let whole = false;
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && node.text === name) {
        const parent = node.parent;
        if (ts.isPropertyAccessExpression(parent) && parent.expression === node) used.add(parent.name.text);
        else if (
          ts.isVariableDeclaration(parent) &&
          parent.initializer === node &&
          ts.isObjectBindingPattern(parent.name)
        )
          for (const element of parent.name.elements)
            used.add((element.propertyName ?? element.name).getText(source));
        else whole = true;
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
    return whole ? undefined : used;
  };

  const visit = (node: ts.Node): void => {
    // AppDeps itself, or Partial<AppDeps>, Omit<AppDeps, …>, an alias of it: the whole bag.
    if (isAppDeps(node)) {
      const parent = node.parent;
      const inPick =
        picked(parent as ts.TypeNode) !== undefined &&
        (parent as ts.TypeReferenceNode).typeArguments?.[0] === node;
      const oneMember = ts.isIndexedAccessTypeNode(parent) && parent.objectType === node;
      if (!inPick && !oneMember)
        at(
          node,
          `\`${parent.getText(source)}\` takes the whole AppDeps: take a Pick<AppDeps, …> of what is used`,
        );
    }
    // A parameter that picks members it never uses.
    if (ts.isParameter(node)) {
      const keys = picked(node.type);
      const fn = node.parent;
      if (keys && 'body' in fn && fn.body) {
        const used = ts.isObjectBindingPattern(node.name)
          ? new Set(node.name.elements.map((e) => (e.propertyName ?? e.name).getText(source)))
          : ts.isIdentifier(node.name)
            ? usedMembers(fn.body, node.name.text)
            : undefined;
        for (const key of keys)
          if (used && !used.has(key)) at(node, `takes '${key}' of AppDeps but never uses it`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

const routeFiles = readdirSync(ROUTES_DIR)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('TestKit.ts'))
  .sort();

describe('route factories take what they use', () => {
  it('no route file takes the whole AppDeps, nor picks a member it does not use', () => {
    const problems = routeFiles.flatMap((f) =>
      routeDepsProblems(f, readFileSync(path.join(ROUTES_DIR, f), 'utf8')),
    );
    expect(problems).toEqual([]);
  });

  it('reads the factories: those that take parts of AppDeps take a Pick of it', () => {
    const picking = routeFiles.filter((f) =>
      /\bPick<\s*AppDeps\b/.test(readFileSync(path.join(ROUTES_DIR, f), 'utf8')),
    );
    expect(picking).toEqual(
      expect.arrayContaining(['writeRoutes.ts', 'adminRoutes.ts', 'draftRoutes.ts', 'accountRoutes.ts']),
    );
  });

  const plant = (code: string) =>
    routeDepsProblems(
      'plantedRoutes.ts',
      `import { Router } from 'express';\nimport type { AppDeps } from '../appDeps.ts';\n${code}`,
    );

  it('fails on a factory typed AppDeps, or any other way of taking all of it', () => {
    expect(
      plant('export function plantedRoutes(deps: AppDeps): Router { return Router(deps.index); }'),
    ).toEqual([
      'plantedRoutes.ts:3: `deps: AppDeps` takes the whole AppDeps: take a Pick<AppDeps, …> of what is used',
    ]);
    expect(plant('export const planted = (deps: Partial<AppDeps>, n: number) => n;')).toHaveLength(1);
    expect(plant("export function planted(deps: Omit<AppDeps, 'config'>) { return deps; }")).toHaveLength(1);
    expect(plant('type Deps = AppDeps;\nexport function planted(deps: Deps) { return deps; }')).toHaveLength(
      1,
    );
    expect(
      routeDepsProblems(
        'renamed.ts',
        "import type { AppDeps as Bag } from '../appDeps.ts';\nexport function planted(deps: Bag) { return deps; }",
      ),
    ).toHaveLength(1);
  });

  it('fails on a Pick of a member the factory never uses', () => {
    expect(
      plant("export function plantedRoutes(deps: Pick<AppDeps, 'index' | 'store'>) { return deps.index; }"),
    ).toEqual(["plantedRoutes.ts:3: takes 'store' of AppDeps but never uses it"]);
    expect(
      plant("export function planted({ index }: Pick<AppDeps, 'index' | 'store'>) { return index; }"),
    ).toHaveLength(1);
  });

  it('passes a factory that takes and uses a Pick (read directly, destructured, or one member typed)', () => {
    expect(
      plant(
        [
          "export function a(deps: Pick<AppDeps, 'index' | 'store'>) { const { store } = deps; return [deps.index, store]; }",
          "export function b({ index }: Pick<AppDeps, 'index'>, other: AppDeps['config']) { return [index, other]; }",
          "export function c(deps: Pick<AppDeps, 'index'>) { return helper(deps); }",
          'export function d(parts: { index: number }) { return parts.index; }',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
