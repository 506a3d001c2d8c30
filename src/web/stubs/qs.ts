/**
 * Build-time stand-in for `qs` (aliased in vite.config.ts): the subset Refine and its React Router
 * binding use to keep list state in the URL — `filters[0][field]=text&filters[0][value]=…&currentPage=2`.
 * The real package (with side-channel, get-intrinsic and object-inspect) adds ~14 KiB gzipped to
 * every page. Behaviour follows qs: nested brackets, indexed arrays, `skipNulls`, `addQueryPrefix`,
 * `ignoreQueryPrefix`; with `encode: false` (what Refine passes) values are written as they are,
 * except `&`, `#` and `+`, which would otherwise break the query string.
 */
type Value = string | Value[] | { [key: string]: Value };
type Tree = { [key: string]: Value };

export interface ParseOptions {
  ignoreQueryPrefix?: boolean;
  depth?: number;
}

export interface StringifyOptions {
  addQueryPrefix?: boolean;
  skipNulls?: boolean;
  encode?: boolean;
  encodeValuesOnly?: boolean;
  arrayFormat?: 'indices' | 'brackets' | 'repeat';
}

function decode(text: string): string {
  const plain = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plain);
  } catch {
    return plain;
  }
}

function keyPath(key: string, depth: number): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const path = [key.slice(0, open)];
  const rest = key.slice(open);
  const segment = /\[([^[\]]*)\]/g;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = segment.exec(rest)) && path.length <= depth) {
    path.push(match[1]!);
    consumed = segment.lastIndex;
  }
  if (consumed < rest.length) path.push(rest.slice(consumed)); // qs keeps what lies beyond the depth as one key
  return path;
}

/** Objects whose keys are all array indices become arrays, as qs does. */
function arrays(value: Value): Value {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = arrays(value[key]!);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key) && Number(key) <= 20)) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => value[String(index)]!);
  }
  return value;
}

export function parse(input: string, options: ParseOptions = {}): Tree {
  const text = options.ignoreQueryPrefix || input.startsWith('?') ? input.replace(/^\?/, '') : input;
  const root: Tree = {};
  for (const part of text.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decode(eq === -1 ? part : part.slice(0, eq));
    const value = eq === -1 ? '' : decode(part.slice(eq + 1));
    const path = keyPath(key, options.depth ?? 5);
    let node: Tree = root;
    path.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment; // a[]=x
      if (i === path.length - 1) {
        const existing = node[name];
        if (existing === undefined) node[name] = value;
        else if (Array.isArray(existing)) existing.push(value);
        else if (typeof existing === 'string') node[name] = [existing, value];
        return;
      }
      const next = node[name];
      if (next === undefined || typeof next === 'string' || Array.isArray(next)) node[name] = {};
      node = node[name] as Tree;
    });
  }
  return arrays(root) as Tree;
}

function encodeValue(value: string, options: StringifyOptions): string {
  if (options.encode === false) return value.replace(/[&#+]/g, encodeURIComponent);
  return encodeURIComponent(value);
}

function encodeKey(key: string, options: StringifyOptions): string {
  return options.encode === false || options.encodeValuesOnly ? key : encodeURIComponent(key);
}

function flatten(prefix: string, value: unknown, options: StringifyOptions, out: string[]): void {
  if (value === undefined) return;
  if (value === null) {
    if (!options.skipNulls) out.push(encodeKey(prefix, options));
    return;
  }
  if (value instanceof Date) return flatten(prefix, value.toISOString(), options, out);
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const key = options.arrayFormat === 'repeat' ? prefix : options.arrayFormat === 'brackets' ? `${prefix}[]` : `${prefix}[${index}]`;
      flatten(key, item, options, out);
    });
    return;
  }
  if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) flatten(`${prefix}[${key}]`, item, options, out);
    return;
  }
  out.push(`${encodeKey(prefix, options)}=${encodeValue(String(value), options)}`);
}

export function stringify(object: unknown, options: StringifyOptions = {}): string {
  if (!object || typeof object !== 'object') return '';
  const out: string[] = [];
  for (const [key, value] of Object.entries(object as Record<string, unknown>)) flatten(key, value, options, out);
  const query = out.join('&');
  return query && options.addQueryPrefix ? `?${query}` : query;
}

export default { parse, stringify };
