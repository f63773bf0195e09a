// Thin views: nothing under src/web reaches the API client itself. Calls are effects, and
// effects are actors in machines/*/actors.ts that the app provides to its machines; a view renders state
// and sends events. Type-only imports (`import type { CallFailure }`, the contract's schema) are fine.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const webRoot = path.join(root, 'src/web');
const CLIENT = path.join(root, 'src/api/client');

/**
 * Files that may import the client, each with the reason. Keep it short: a new entry needs a composition
 * root, not a view.
 */
const ALLOWED: Record<string, string> = {
  // The composition root of the app's statecharts: provides every long-lived actor with the typed client
  // and registers where the access token lives (setAccessTokenProvider).
  'src/web/app/appActor.ts': 'composition root of the app machine',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const resolvesToClient = (file: string, specifier: string) =>
  specifier.startsWith('.') && path.resolve(path.dirname(file), specifier).replace(/\.(ts|js)$/, '') === CLIENT;

/** The value imports of the client in one file's source: static imports, re-exports and dynamic import(). */
export function clientValueImports(file: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && resolvesToClient(file, node.moduleSpecifier.text)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) found.push(node.getText());
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      resolvesToClient(file, node.moduleSpecifier.text)
    ) {
      const clause = node.exportClause;
      const typeOnly = node.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.getText());
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      resolvesToClient(file, node.arguments[0].text)
    ) {
      found.push(node.getText());
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe('views do not call the API client', () => {
  const offenders = Object.fromEntries(
    sourceFiles(webRoot)
      .map((file) => [path.relative(root, file).split(path.sep).join('/'), clientValueImports(file, readFileSync(file, 'utf8'))] as const)
      .filter(([, imports]) => imports.length > 0),
  );

  it('no file under src/web imports src/api/client for a value, except the composition roots', () => {
    const unexpected = Object.fromEntries(Object.entries(offenders).filter(([file]) => !(file in ALLOWED)));
    expect(unexpected, 'move the call into an actor in machines/<flow>/actors.ts and provide it to the machine').toEqual({});
  });

  it('every allowed file still needs its exception (the list only shrinks)', () => {
    expect(Object.keys(ALLOWED).filter((file) => !(file in offenders))).toEqual([]);
  });

  it('tells a value import from a type-only one', () => {
    const file = path.join(webRoot, 'features/x/View.tsx');
    expect(clientValueImports(file, "import { api, call } from '../../../api/client';")).toHaveLength(1);
    expect(clientValueImports(file, "import { type ApiClient, api } from '../../../api/client.ts';")).toHaveLength(1);
    expect(clientValueImports(file, "export { api } from '../../../api/client';")).toHaveLength(1);
    expect(clientValueImports(file, "const m = () => import('../../../api/client');")).toHaveLength(1);
    expect(clientValueImports(file, "import type { CallFailure } from '../../../api/client';")).toEqual([]);
    expect(clientValueImports(file, "import { type CallFailure } from '../../../api/client';")).toEqual([]);
    expect(clientValueImports(file, "import type { components } from '../../../api/schema';")).toEqual([]);
    expect(clientValueImports(file, "import { api } from '../../../../machines/api/client';")).toEqual([]);
  });
});
