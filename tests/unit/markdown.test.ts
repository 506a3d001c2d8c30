/**
 * Markdown (src/web/components/Markdown.tsx) is rendered without a DOM, the same on the server renderer and in the
 * browser, so it must be safe by construction: raw HTML is shown as text, and only http(s)/mailto/tel links,
 * http(s) pictures and paths on this site keep their URL. The output is checked the way a browser reads it:
 * every tag and attribute is listed, attribute values are entity-decoded, and URLs are checked after the
 * browser's own clean-up (tabs and newlines removed, control characters and spaces trimmed).
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown, renderMarkdown, safeUrl } from '../../src/web/components/Markdown';

const ALLOWED_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'em',
  'strong',
  'del',
  'a',
  'img',
  'code',
  'pre',
  'blockquote',
  'hr',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'input',
  'div',
]);
const ALLOWED_ATTRIBUTES = new Set([
  'href',
  'src',
  'alt',
  'title',
  'rel',
  'target',
  'class',
  'start',
  'align',
  'loading',
  'checked',
  'disabled',
  'type',
]);

/** What a browser makes of an attribute value: every character reference decoded (all of them, not only the few our renderer knows). */
function browserDecode(value: string): string {
  const named: Record<string, string> = {
    colon: ':',
    Tab: '\t',
    NewLine: '\n',
    lpar: '(',
    rpar: ')',
    sol: '/',
    amp: '&',
    AMP: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
  };
  // one pass, as a browser does (a decoded `&` does not start another reference)
  return value.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|([a-zA-Z]+));?/gi,
    (whole, d: string | undefined, h: string | undefined, n: string | undefined) => {
      if (n !== undefined) return named[n] ?? whole;
      const code = d !== undefined ? Number(d) : Number.parseInt(h!, 16);
      return String.fromCodePoint(code > 0x10ffff ? 0xfffd : code);
    },
  );
}

/** The scheme of a URL as the browser reads it (tabs and newlines removed, leading controls and spaces trimmed). */
function literalScheme(url: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, ''));
  return match ? match[1]!.toLowerCase() : null;
}

function schemeOf(value: string): string | null {
  return literalScheme(browserDecode(value));
}

interface Tag {
  name: string;
  attributes: Array<[string, string]>;
}

/** Every tag of the output with its attributes; fails on anything a browser could read as markup that we cannot. */
function tagsOf(html: string): Tag[] {
  const tags: Tag[] = [];
  // any `<` followed by a letter, `/`, `!` or `?` opens markup for a browser
  const opener = /<[a-zA-Z/!?]/g;
  let found: RegExpExecArray | null;
  while ((found = opener.exec(html))) {
    const rest = html.slice(found.index);
    const tag = /^<\/?([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z-]+(?:="[^"]*")?)*)\s*\/?>/.exec(rest);
    expect(tag, `unparseable markup at ${JSON.stringify(rest.slice(0, 60))} in ${html}`).not.toBeNull();
    const attributes = [...tag![2]!.matchAll(/\s+([a-zA-Z-]+)(?:="([^"]*)")?/g)].map(
      (m) => [m[1]!.toLowerCase(), m[2] ?? ''] as [string, string],
    );
    tags.push({ name: tag![1]!.toLowerCase(), attributes });
  }
  return tags;
}

/** The output has no executable markup: only known tags and attributes, and only harmless URLs. */
function expectHarmless(html: string): void {
  for (const tag of tagsOf(html)) {
    expect(ALLOWED_TAGS.has(tag.name), `tag <${tag.name}> in ${html}`).toBe(true);
    for (const [name, value] of tag.attributes) {
      expect(ALLOWED_ATTRIBUTES.has(name), `attribute ${name} on <${tag.name}> in ${html}`).toBe(true);
      if (name === 'href') expect([null, 'http', 'https', 'mailto', 'tel'], `href ${value}`).toContain(schemeOf(value));
      if (name === 'src') expect([null, 'http', 'https'], `src ${value}`).toContain(schemeOf(value));
      if ((name === 'href' || name === 'src') && schemeOf(value) === null)
        expect(
          browserDecode(value)
            .replace(/[\t\n\r]/g, '')
            .trim()
            .startsWith('//'),
          `other host ${value}`,
        ).toBe(false);
    }
  }
  // belt and braces: nothing that reads like script, whatever the markup around it
  expect(html).not.toMatch(/<(script|iframe|svg|object|embed|style|math|form|base|meta|link)\b/i);
  // (attribute values emptied first: a quote inside one is written &quot;, so text in a title or alt stays text)
  expect(html.replace(/"[^"]*"/g, '""')).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
}

const hostile: Array<[string, string]> = [
  ['script block', '<script>alert(1)</script>'],
  ['script inline', 'hello <script>alert(1)</script> world'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['img onerror inline', 'text <img src=x onerror="alert(1)"> text'],
  ['iframe', '<iframe src="javascript:alert(1)"></iframe>'],
  ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg>'],
  ['svg inline', 'a <svg/onload=alert(1)> b'],
  ['a javascript', '<a href="javascript:alert(1)">click</a>'],
  ['a javascript inline', 'see <a href="javascript:alert(1)">here</a>'],
  ['link javascript', '[x](javascript:alert(1))'],
  ['link mixed case', '[x](JaVaScRiPt:alert(1))'],
  ['link decimal entity', '[x](java&#115;cript:alert(1))'],
  ['link hex entity', '[x](&#x6A;avascript:alert(1))'],
  ['link entity without semicolon', '[x](&#106avascript:alert(1))'],
  ['link named colon', '[x](javascript&colon;alert(1))'],
  ['link tab entity', '[x](java&Tab;script:alert(1))'],
  ['link tab entity lower', '[x](java&tab;script:alert(1))'],
  ['link newline entity', '[x](java&NewLine;script:alert(1))'],
  ['link double-encoded entity', '[x](java&amp;#115;cript:alert(1))'],
  ['link leading space', '[x]( javascript:alert(1))'],
  ['link leading control', '[x](&#1;javascript:alert(1))'],
  ['link angle brackets', '[x](<javascript:alert(1)>)'],
  ['link with title', '[x](javascript:alert(1) "t")'],
  ['link title breaking out', '[x](https://example.com "a\\" onmouseover=\\"alert(1)")'],
  ['vbscript', '[x](vbscript:msgbox(1))'],
  ['data link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['data image', '![x](data:text/html,<script>alert(1)</script>)'],
  ['data image svg', '![x](data:image/svg+xml,<svg onload=alert(1)>)'],
  ['javascript image', '![x](javascript:alert(1))'],
  ['image alt breaking out', '![a" onerror="alert(1)](https://example.com/x.png)'],
  ['autolink javascript', '<javascript:alert(1)>'],
  ['autolink vbscript', '<vbscript:msgbox(1)>'],
  ['reference link', '[x][r]\n\n[r]: javascript:alert(1)'],
  ['reference link entity', '[x][r]\n\n[r]: java&#115;cript:alert(1)'],
  ['reference image', '![x][r]\n\n[r]: data:image/png;base64,AAAA'],
  ['protocol-relative', '[x](//evil.example/x)'],
  ['backslash host', '[x](/\\evil.example/x)'],
  ['html in link text', '[<img src=x onerror=alert(1)>](https://example.com)'],
  ['raw block after pre', 'a <pre> <b onclick=alert(1)>x</b> b'],
  ['unclosed tag after pre', 'a <pre> b <img src=x onerror=alert(1)// c'],
  ['html comment', '<!-- <script>alert(1)</script> -->'],
  ['style', '<style>body{background:url(javascript:alert(1))}</style>'],
  ['code fence language', '```"><script>alert(1)</script>\ncode\n```'],
  ['details', '<details open ontoggle=alert(1)>'],
  ['math', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['form', '<form action="javascript:alert(1)"><button>go</button></form>'],
];

describe('Markdown: hostile sources', () => {
  it.each(hostile)('%s renders nothing executable', (_label, source) => {
    const html = renderMarkdown(source);
    expectHarmless(html);
    // the component writes the very same HTML
    expect(renderToStaticMarkup(createElement(Markdown, { source }))).toBe(`<div class="markdown">${html}</div>`);
  });

  it('shows raw HTML as text rather than dropping it', () => {
    const html = renderMarkdown('hello <script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(renderMarkdown('<img src=x onerror=alert(1)>')).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('keeps the text of a refused link and the description of a refused picture', () => {
    expect(renderMarkdown('[click me](javascript:alert(1))')).toBe('<p>click me</p>\n');
    expect(renderMarkdown('![a cat](data:image/png;base64,AAAA)')).toBe('<p>a cat</p>\n');
    expect(renderMarkdown('<javascript:alert(1)>')).toBe('<p>javascript:alert(1)</p>\n');
    expect(renderMarkdown('[x][r]\n\n[r]: JAVASCRIPT:alert(1)')).toBe('<p>x</p>\n');
  });

  it('decides on the URL the browser will read', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:x',
      'java&#115;cript:x',
      '&#x6A;avascript:x',
      'java\tscript:x',
      'java&Tab;script:x',
      '\u0001javascript:x',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      'file:///etc/passwd',
      'blob:https://x/y',
    ]) {
      const kept = safeUrl(url, 'link');
      // kept only when what is written out (escaped, so read back as is) has no dangerous scheme
      if (kept !== null) expect([null, 'http', 'https', 'mailto', 'tel'], url).toContain(literalScheme(kept));
    }
    expect(safeUrl('javascript:alert(1)', 'link')).toBeNull();
    expect(safeUrl('java&#115;cript:alert(1)', 'link')).toBeNull();
    expect(safeUrl('data:image/png;base64,AAAA', 'image')).toBeNull();
    expect(safeUrl('mailto:a@b.c', 'image')).toBeNull();
    expect(safeUrl('https://example.com/?a=1&amp;b=2', 'link')).toBe('https://example.com/?a=1&b=2');
    expect(safeUrl('/es/info/faqs', 'link')).toBe('/es/info/faqs');
    expect(safeUrl('#top', 'link')).toBe('#top');
    expect(safeUrl('tel:+34600000000', 'link')).toBe('tel:+34600000000');
  });
});

describe('Markdown: ordinary content', () => {
  it('renders headings, lists, emphasis, code, quotes and tables', () => {
    const html = renderMarkdown(
      '# Title\n\n## Sub\n\nSome *em* and **strong** and `a < b`.\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted\n\n```js\nconst a = "<b>";\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    expectHarmless(html);
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<h2>Sub</h2>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<strong>strong</strong>');
    expect(html).toContain('<code>a &lt; b</code>');
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<ol>\n<li>first</li>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<pre><code class="language-js">const a = &quot;&lt;b&gt;&quot;;');
    expect(html).toContain('<td>1</td>');
  });

  it('keeps safe links and pictures; links to other sites open apart without opener or referrer', () => {
    const html = renderMarkdown(
      '[site](https://example.com/a?b=1&c=2 "Example") [faqs](/en/info/faqs) [mail](mailto:info@example.com) [call](tel:+34600000000) <https://example.org> www.example.net\n\n![A cat](https://example.com/cat.jpg "Cat")\n\n![local](/uploads/a.webp)',
    );
    expectHarmless(html);
    expect(html).toContain(
      '<a href="https://example.com/a?b=1&amp;c=2" title="Example" target="_blank" rel="noopener noreferrer">site</a>',
    );
    expect(html).toContain('<a href="/en/info/faqs">faqs</a>');
    expect(html).toContain('<a href="mailto:info@example.com">mail</a>');
    expect(html).toContain('<a href="tel:+34600000000">call</a>');
    expect(html).toContain(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">https://example.org</a>',
    );
    expect(html).toContain(
      '<a href="http://www.example.net" target="_blank" rel="noopener noreferrer">www.example.net</a>',
    );
    expect(html).toContain('<img src="https://example.com/cat.jpg" alt="A cat" title="Cat" loading="lazy">');
    expect(html).toContain('<img src="/uploads/a.webp" alt="local" loading="lazy">');
    // reference-style links with a safe URL work too
    expect(renderMarkdown('[x][r]\n\n[r]: https://example.com')).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a></p>\n',
    );
  });

  it('escapes text and keeps entities as written', () => {
    expect(renderMarkdown('Fish & chips < 5 > 3 &amp; "quotes"')).toBe(
      '<p>Fish &amp; chips &lt; 5 &gt; 3 &amp; &quot;quotes&quot;</p>\n',
    );
  });

  it('is the same whatever was rendered before (no state kept between calls)', () => {
    const source = '# A\n\n[b](https://example.com)';
    const first = renderMarkdown(source);
    renderMarkdown('<script>x</script> [y](javascript:z) <pre>');
    expect(renderMarkdown(source)).toBe(first);
  });
});
