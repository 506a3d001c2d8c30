/**
 * One service context (issue 24 §5): every exported function of a service file that works on the world (the
 * database, the Fastify instance, the file store, the configuration, the actor) takes `ctx: ServiceContext` first,
 * so a service runs the same from a route, a task, the CLI or a test. Pure helpers (a row in, a value out) stay as
 * they are. Repositories are not service files: they keep taking the caller's `db | trx`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const MODULES = join(ROOT, 'src', 'server', 'modules');

/**
 * `file#function` the type test above takes for a service although it is a pure helper (it reads an `Actor` it is
 * given, nothing else). Every other service function takes the context first: there is no module left to convert.
 */
const PURE_HELPERS = [
  // pure: which party of a conversation an actor is (no database, no request)
  'src/server/modules/messages/service.ts#partyOf',
];

/** A parameter of one of these types means the function reads or changes the world: it is a service. */
const WORLD = /\b(FastifyInstance|Db|Conn|Kysely|Transaction|FileStorage|Config|Actor|ServiceContext)\b/;

function serviceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serviceFiles(path);
    return /service.*\.ts$/i.test(entry.name) ? [path] : [];
  });
}

interface ExportedFunction {
  where: string;
  firstParameter: string;
  /** Takes the database, the app, the store, the configuration or the actor (else a pure helper). */
  service: boolean;
}

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** Exported `function f(…)` and `const f = (…) =>` of a file, with their first parameter as written. */
function exportedFunctions(path: string): ExportedFunction[] {
  const file = relative(ROOT, path).split('\\').join('/');
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: ExportedFunction[] = [];
  const add = (name: string, fn: ts.SignatureDeclarationBase) => {
    const first = fn.parameters[0];
    const service = fn.parameters.some((p) => WORLD.test(p.type?.getText(source) ?? p.name.getText(source)));
    found.push({ where: `${file}#${name}`, firstParameter: first ? first.getText(source) : '(none)', service });
  };
  for (const statement of source.statements) {
    if (!isExported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) add(statement.name.text, statement);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && ts.isIdentifier(declaration.name)) {
          add(declaration.name.text, init);
        }
      }
    }
  }
  return found;
}

const allowed = (where: string) => PURE_HELPERS.some((entry) => where.startsWith(entry));

describe('service functions take the service context first', () => {
  const functions = serviceFiles(MODULES).flatMap(exportedFunctions);

  it('finds the service functions', () => {
    expect(functions.length).toBeGreaterThan(100);
  });

  it('tells services from pure helpers', () => {
    const find = (where: string) => functions.find((fn) => fn.where === where)?.service;
    expect(find('src/server/modules/memberCard/service.ts#isValidCard')).toBe(false);
    expect(find('src/server/modules/audit/service.ts#record')).toBe(true);
  });

  it('every exported service function outside the allow-list takes `ctx: ServiceContext` first', () => {
    const wrong = functions
      .filter((fn) => fn.service && !allowed(fn.where) && fn.firstParameter !== 'ctx: ServiceContext')
      .map((fn) => `${fn.where} (${fn.firstParameter})`);
    expect(wrong).toEqual([]);
  });
});
