/**
 * SQL built once per query shape (issue 9 §3). Kysely builds an operation tree and compiles it to SQL on every
 * call (~8 % of the server's CPU under load). A hot query's SQL depends only on its *shape* (which filters are
 * present, how many tags, which language column, which direction), not on the values, so it is compiled once
 * per shape with placeholder values and afterwards only its parameters are filled in.
 *
 * How: `build` is called once with every string or number argument replaced by a unique marker; the markers
 * are then found among the compiled parameters (Kysely binds values as parameters) and each later call puts
 * its own values in their places (a value used twice fills both). Anything else in the SQL (a boolean flag, an absent filter, an array's
 * length, the `name`) is part of the shape key. If a marker does not come out as a parameter of its own (a
 * builder transformed or inlined it), the shape is marked unsafe and built each time as before: correctness
 * never depends on the cache.
 */
import type { Compilable, CompiledQuery } from 'kysely';
import type { Conn } from './conn';
import { isPostgres } from './adapter';

type Arg = string | number | boolean | null | undefined | ReadonlyArray<string>;
export type ShapeArgs = Record<string, Arg>;

const MARK = '\u0000arg:';
const MAX_SHAPES = 1_000;

interface Shape {
  compiled: CompiledQuery<unknown> | null;
  /** per compiled parameter: [argument, index in an array argument] or a constant */
  slots: Array<{ arg: string; index: number } | { value: unknown }>;
}

const shapes = new Map<string, Shape>();

/** Strings and numbers are values (markers); '' and null count as absent; booleans and array lengths shape the SQL. */
function shapeOf(name: string, args: ShapeArgs, postgres: boolean) {
  const parts = [postgres ? 'pg' : 'sqlite', name];
  const marked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null || value === '') {
      parts.push(`${key}:-`);
    } else if (Array.isArray(value)) {
      parts.push(`${key}:${value.length}`);
      marked[key] = value.map((_, i) => `${MARK}${key}:${i}`);
    } else if (typeof value === 'boolean') {
      parts.push(`${key}:${value}`);
      marked[key] = value;
    } else {
      parts.push(`${key}:v`);
      marked[key] = `${MARK}${key}`;
    }
  }
  return { key: parts.join('|'), marked };
}

function learn(compiled: CompiledQuery<unknown>, marked: Record<string, unknown>): Shape {
  const expected = new Set<string>();
  for (const value of Object.values(marked)) {
    if (Array.isArray(value)) for (const mark of value) expected.add(mark as string);
    else if (typeof value === 'string') expected.add(value);
  }
  // a value may be a parameter more than once (`created_at` and `updated_at` both `now`): each place gets it
  const known = new Set(expected);
  const slots: Shape['slots'] = [];
  for (const parameter of compiled.parameters) {
    if (typeof parameter === 'string' && parameter.includes(MARK)) {
      if (!known.has(parameter)) return { compiled: null, slots: [] };
      const [arg, index] = parameter.slice(MARK.length).split(':');
      slots.push({ arg: arg!, index: index === undefined ? -1 : Number(index) });
      expected.delete(parameter);
    } else {
      slots.push({ value: parameter });
    }
  }
  // a value that never became a parameter of its own (inlined, or part of a longer string) would be wrong next time
  return expected.size === 0 ? { compiled, slots } : { compiled: null, slots: [] };
}

/** Runs `build(args)`, compiled once per shape of `args` (and `name`, which must name everything else that changes the SQL). */
export async function runShaped<R>(
  db: Conn,
  name: string,
  args: ShapeArgs,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- `build` receives the marked stand-ins of `args`, whatever their shape
  build: (args: any) => Compilable<R>,
): Promise<R[]> {
  const { key, marked } = shapeOf(name, args, isPostgres(db));
  let shape = shapes.get(key);
  if (!shape) {
    shape = learn(build(marked).compile() as CompiledQuery<unknown>, marked);
    if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    shapes.set(key, shape);
  }
  if (!shape.compiled) return (await db.executeQuery(build(args))).rows;
  const parameters = shape.slots.map((slot) => {
    if ('value' in slot) return slot.value;
    const value = args[slot.arg];
    return slot.index >= 0 ? (value as ReadonlyArray<string>)[slot.index] : value;
  });
  const result = await db.executeQuery<R>({ ...shape.compiled, parameters } as CompiledQuery<R>);
  return result.rows;
}

/** For tests: how many shapes are compiled, and the keys of those that fell back to building each time. */
export function shapeStats() {
  const unsafe = [...shapes].filter(([, shape]) => !shape.compiled).map(([key]) => key);
  return { shapes: shapes.size, unsafe };
}

/** For tests: starts counting afresh (the cache is only a cache: every shape is learned again on its next call). */
export function forgetShapes() {
  shapes.clear();
}
