/**
 * The message keys the server can answer with, read from its code with TypeScript's parser (issue 23 §8):
 * the sinks are `translate(lng, key)` and `new AppError(status, key)`; every function whose parameter reaches a
 * sink's key, directly or as the tail of a template (`(key) => translate(lng, \`payments.sandbox.${key}\`)`), is a
 * sink too — AppError's helpers (`AppError.notFound('offers.notFound')`), the modules' `fieldError(lng, field, key)`,
 * the error plugin's `send`, the file route's `refuse` — found again until nothing new turns up. Keys are the string
 * literals given to a sink (both arms of a `?:`, both sides of `??`/`||`), the default values of a sink's key
 * parameter, and `[…literals].map((key) => sink(prefix + key))`. Keys built at run time are counted, not checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

interface Sink {
  /** which argument carries the key */
  index: number;
  /** what the sink puts before it */
  prefix: string;
  /** where the name is known: the block that declares it (everywhere for the base sinks and AppError's statics) */
  scope: { file: string; pos: number; end: number } | null;
}

export interface ScanResult {
  keys: Map<string, string[]>;
  /** key arguments the scan could not read (built at run time) */
  dynamic: number;
  /** names found to carry a key, besides translate and new AppError */
  wrappers: string[];
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : /\.ts$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

const BASE: Record<string, Sink[]> = {
  translate: [{ index: 1, prefix: '', scope: null }],
  'new AppError': [{ index: 1, prefix: '', scope: null }],
};

function calleeName(node: ts.CallExpression | ts.NewExpression): string | null {
  const callee = node.expression;
  if (ts.isNewExpression(node)) return ts.isIdentifier(callee) ? `new ${callee.text}` : null;
  if (ts.isIdentifier(callee)) return callee.text;
  if (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'AppError'
  )
    return `AppError.${callee.name.text}`;
  return null;
}

/** The literal texts an argument may take; null when it is built at run time. */
function literals(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return literals(node.expression);
  if (ts.isConditionalExpression(node)) {
    const [a, b] = [literals(node.whenTrue), literals(node.whenFalse)];
    return a && b ? [...a, ...b] : null;
  }
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)
  ) {
    const [a, b] = [literals(node.left), literals(node.right)];
    return a && b ? [...a, ...b] : null;
  }
  return null;
}

/** `param` or `` `prefix${param}` ``: the parameter's position and the prefix, when the argument forwards one. */
function forwarded(arg: ts.Expression, params: string[]): { index: number; prefix: string } | null {
  if (ts.isIdentifier(arg) && params.includes(arg.text)) return { index: params.indexOf(arg.text), prefix: '' };
  if (ts.isTemplateExpression(arg) && arg.templateSpans.length === 1) {
    const span = arg.templateSpans[0]!;
    if (ts.isIdentifier(span.expression) && params.includes(span.expression.text) && span.literal.text === '')
      return { index: params.indexOf(span.expression.text), prefix: arg.head.text };
  }
  return null;
}

export function scanServerMessageKeys(root = 'src/server'): ScanResult {
  const files = walk(root).map((file) => ({
    file,
    source: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
  }));
  const sinks = new Map<string, Sink[]>(Object.entries(BASE).map(([name, list]) => [name, [...list]]));

  const sinksAt = (name: string, file: string, pos: number): Sink[] =>
    (sinks.get(name) ?? []).filter(
      (sink) => !sink.scope || (sink.scope.file === file && sink.scope.pos <= pos && pos < sink.scope.end),
    );

  /** Each call inside `body` to a known sink: its argument at the key position, with the sink's prefix. */
  function eachSinkCall(body: ts.Node, file: string, visit: (arg: ts.Expression, prefix: string) => void) {
    const step = (node: ts.Node): void => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const name = calleeName(node);
        if (name)
          for (const sink of sinksAt(name, file, node.getStart())) {
            const arg = node.arguments?.[sink.index];
            if (arg) visit(arg, sink.prefix);
          }
      }
      ts.forEachChild(node, step);
    };
    step(body);
  }

  /** How a function forwards its parameters to sinks. */
  function forwards(
    fn: ts.SignatureDeclaration & { body?: ts.Node },
    file: string,
  ): Array<{ index: number; prefix: string }> {
    const params = fn.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : ''));
    const out: Array<{ index: number; prefix: string }> = [];
    if (fn.body)
      eachSinkCall(fn.body, file, (arg, prefix) => {
        const found = forwarded(arg, params);
        if (found) out.push({ index: found.index, prefix: prefix + found.prefix });
      });
    return out;
  }

  /** Named functions: `function f`, `const f = (…) =>`, AppError's static methods. */
  function namedFunctions(
    visit: (name: string, fn: ts.FunctionLikeDeclaration, scope: Sink['scope'], file: string) => void,
  ) {
    for (const { file, source } of files) {
      const step = (node: ts.Node): void => {
        const scopeOf = (decl: ts.Node) => {
          let block: ts.Node = decl.parent;
          while (!ts.isBlock(block) && !ts.isSourceFile(block) && !ts.isModuleBlock(block)) block = block.parent;
          return { file, pos: block.pos, end: block.end };
        };
        if (ts.isFunctionDeclaration(node) && node.name) visit(node.name.text, node, scopeOf(node), file);
        if (
          ts.isVariableDeclaration(node) &&
          ts.isIdentifier(node.name) &&
          node.initializer &&
          (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
        ) {
          visit(node.name.text, node.initializer, scopeOf(node), file);
        }
        if (
          ts.isMethodDeclaration(node) &&
          ts.isIdentifier(node.name) &&
          ts.isClassDeclaration(node.parent) &&
          node.parent.name?.text === 'AppError'
        ) {
          visit(`AppError.${node.name.text}`, node, null, file);
        }
        ts.forEachChild(node, step);
      };
      step(source);
    }
  }

  // find the wrappers until nothing new turns up
  const seen = new Set<string>();
  const defaults: Array<[string, string]> = [];
  for (let grew = true; grew;) {
    grew = false;
    namedFunctions((name, fn, scope, file) => {
      for (const found of forwards(fn, file)) {
        const id = `${name}|${found.index}|${found.prefix}|${scope?.file}:${scope?.pos}`;
        if (seen.has(id)) continue;
        seen.add(id);
        grew = true;
        sinks.set(name, [...(sinks.get(name) ?? []), { ...found, scope }]);
        const init = fn.parameters[found.index]?.initializer;
        const texts = init ? literals(init) : null;
        for (const text of texts ?? []) defaults.push([found.prefix + text, `${file}: default of ${name}`]);
      }
    });
  }

  const keys = new Map<string, string[]>();
  const add = (key: string, where: string) => keys.set(key, [...(keys.get(key) ?? []), where]);
  for (const [key, where] of defaults) add(key, where);
  let dynamic = 0;
  for (const { file, source } of files) {
    eachSinkCall(source, file, (arg, prefix) => {
      const texts = literals(arg);
      const line = source.getLineAndCharacterOfPosition(arg.getStart()).line + 1;
      if (texts) for (const text of texts) add(prefix + text, `${file}:${line}`);
      else dynamic++;
    });
    // ['a', 'b'].map((key) => translate(lng, `x.${key}`))
    const step = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'map' &&
        ts.isArrayLiteralExpression(node.expression.expression)
      ) {
        const fn = node.arguments[0];
        const items = node.expression.expression.elements.map((e) => (ts.isStringLiteral(e) ? e.text : null));
        if (fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && items.every((i) => i !== null)) {
          for (const found of forwards(fn, file))
            if (found.index === 0) for (const item of items) add(found.prefix + item!, `${file}: list`);
        }
      }
      ts.forEachChild(node, step);
    };
    step(source);
  }
  return { keys, dynamic, wrappers: [...sinks.keys()].filter((name) => !(name in BASE)) };
}
