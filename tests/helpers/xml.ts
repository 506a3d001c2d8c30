/**
 * A strict, small XML reader for tests (no XML parser is a dependency): the declaration, elements with quoted
 * attributes, text with the five predefined entities and numeric references. Throws on anything not well-formed
 * (unbalanced or crossed tags, a bare `&` or `<`, two roots, text outside the root).
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = '[A-Za-z_][\\w.:-]*';
const ATTR = new RegExp(`\\s+(${NAME})\\s*=\\s*("[^"<]*"|'[^'<]*')`, 'g');
const TAG = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`);

function decode(text: string): string {
  if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(text))
    throw new Error(`bare & in ${JSON.stringify(text.slice(0, 40))}`);
  return text.replace(
    /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g,
    (_, e: string) =>
      ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ??
      String.fromCodePoint(e.startsWith('#x') ? parseInt(e.slice(2), 16) : Number(e.slice(1))),
  );
}

export function parseXml(xml: string): XmlElement {
  let rest = xml.replace(/^\ufeff/, '');
  const declaration = /^<\?xml\s[^?]*\?>/.exec(rest);
  if (declaration) rest = rest.slice(declaration[0].length);
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (rest.length) {
    if (rest.startsWith('<')) {
      const tag = TAG.exec(rest);
      if (!tag) throw new Error(`malformed tag at ${JSON.stringify(rest.slice(0, 40))}`);
      rest = rest.slice(tag[0].length);
      const [, closing, name, attrText, selfClosing] = tag as unknown as [string, string, string, string, string];
      if (closing) {
        const open = stack.pop();
        if (!open || open.name !== name) throw new Error(`</${name}> closes ${open?.name ?? 'nothing'}`);
        continue;
      }
      const attrs: Record<string, string> = {};
      for (const [, key, value] of attrText.matchAll(ATTR)) {
        if (key! in attrs) throw new Error(`attribute ${key} twice`);
        attrs[key!] = decode(value!.slice(1, -1));
      }
      const element: XmlElement = { name, attrs, children: [], text: '' };
      if (stack.length) stack[stack.length - 1]!.children.push(element);
      else if (root) throw new Error('two roots');
      else root = element;
      if (!selfClosing) stack.push(element);
      continue;
    }
    const end = rest.indexOf('<');
    const text = end < 0 ? rest : rest.slice(0, end);
    rest = end < 0 ? '' : rest.slice(end);
    if (!stack.length) {
      if (text.trim()) throw new Error('text outside the root');
      continue;
    }
    stack[stack.length - 1]!.text += decode(text);
  }
  if (stack.length) throw new Error(`<${stack[stack.length - 1]!.name}> never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** Every element named `name` under `element`, in document order. */
export function findAll(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...findAll(child, name)]);
}
