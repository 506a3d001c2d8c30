import { useMemo } from 'react';
import { Marked, type Tokens } from 'marked';

/**
 * Markdown to HTML, the same on the server renderer and in the browser (no DOM needed, so the pages that show
 * Markdown can be server-rendered). Safe by construction rather than cleaned afterwards: raw HTML in the source
 * is shown as text (escaped), and a link or picture keeps its URL only when that URL — as the browser will read
 * it, entities decoded and tabs/newlines removed — is http(s), mailto or tel (pictures: http(s) only) or has no
 * scheme at all (a path on this site); anything else (`javascript:`, `data:`, `vbscript:` …) leaves the link's
 * text, or the picture's description, as plain text. Links to other sites open apart, without an opener or referrer.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** The few named references a URL plausibly holds; any other `&name;` stays literal (and is escaped on output). */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  sol: '/',
  Tab: '\t',
  NewLine: '\n',
  lpar: '(',
  rpar: ')',
  num: '#',
  quest: '?',
  equals: '=',
  period: '.',
  comma: ',',
  percnt: '%',
  semi: ';',
};

function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([a-zA-Z]{2,10}));?/g,
    (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) return NAMED[name] !== undefined && whole.endsWith(';') ? NAMED[name] : whole;
      const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    },
  );
}

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const IMAGE_SCHEMES = new Set(['http', 'https']);

/**
 * The URL the browser will follow, or null when it is not one we let through. What is returned is exactly what
 * is checked: it is written out escaped, so the browser reads this very string back.
 */
export function safeUrl(raw: string, kind: 'link' | 'image'): string | null {
  // the browser drops tabs and newlines anywhere in a URL and control characters and spaces around it
  const url = decodeEntities(raw)
    .replace(/[\t\n\r]/g, '')
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (url === '' || /[\u0000-\u001f\u007f\\]/.test(url)) return null;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url);
  if (scheme) return (kind === 'link' ? LINK_SCHEMES : IMAGE_SCHEMES).has(scheme[1]!.toLowerCase()) ? url : null;
  // no scheme: a path on this site (`//host` would be another site with the page's scheme)
  return url.startsWith('//') ? null : url;
}

const isExternal = (url: string) => /^https?:/i.test(url);

const markdown = new Marked({ gfm: true, breaks: false, async: false });
markdown.use({
  // marked passes text after an inline `<pre>`/`<script>` through unescaped (`escaped`): every text is escaped here
  walkTokens(token) {
    if (token.type === 'text' && 'escaped' in token) token.escaped = false;
  },
  renderer: {
    html({ text, block }: Tokens.HTML | Tokens.Tag) {
      const shown = escapeHtml(text);
      return block ? `<p>${shown.trim()}</p>\n` : shown;
    },
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      const url = safeUrl(href, 'link');
      if (url === null) return text;
      const attributes = [`href="${escapeHtml(url)}"`];
      if (title) attributes.push(`title="${escapeHtml(decodeEntities(title))}"`);
      if (isExternal(url)) attributes.push('target="_blank"', 'rel="noopener noreferrer"');
      return `<a ${attributes.join(' ')}>${text}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      const alt = escapeHtml(decodeEntities(text));
      const url = safeUrl(href, 'image');
      if (url === null) return alt;
      return `<img src="${escapeHtml(url)}" alt="${alt}"${title ? ` title="${escapeHtml(decodeEntities(title))}"` : ''} loading="lazy">`;
    },
  },
});

/** The HTML of a Markdown text (see above: raw HTML shown as text, only safe URLs kept). */
export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false }) as string;
}

/** Content written in Markdown (articles, info pages), rendered safely on the server and in the browser alike. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className={className ?? 'markdown'} dangerouslySetInnerHTML={{ __html: html }} />;
}
