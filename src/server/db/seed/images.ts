/**
 * Demo pictures drawn locally as SVG (no network, no fonts): abstract compositions that read like photos
 * of a studio, a landscape or a workshop seen out of focus — gradients, soft light, shapes. No picture
 * carries text: a title belongs to the page, not to the image (issue 10 §7). Each `seed` gives another
 * palette and composition; the same seed always gives the same picture.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRandom } from './random';

/** Background (dark → light) and two accents, from photographs of materials and places. */
const PALETTES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['#1f2a38', '#5b7c99', '#f2c14e', '#e8e1d3'], // dusk over the harbour
  ['#2d1e2f', '#a4508b', '#f7b267', '#fde2e4'], // magenta evening
  ['#10302b', '#3c8d74', '#c6e0a8', '#f4f1de'], // greenhouse
  ['#3b2a20', '#b0744d', '#e9c46a', '#f7ede2'], // oak and brass
  ['#0b3954', '#087e8b', '#bfd7ea', '#ff5a5f'], // sea and buoy
  ['#22223b', '#4a4e69', '#c9ada7', '#f2e9e4'], // slate and clay
  ['#283618', '#606c38', '#dda15e', '#fefae0'], // olive grove
  ['#1d3557', '#457b9d', '#a8dadc', '#e63946'], // workshop blue
  ['#3d405b', '#81b29a', '#f2cc8f', '#e07a5f'], // terracotta
  ['#2b2d42', '#8d99ae', '#edf2f4', '#ef233c'], // concrete and red
  ['#432818', '#99582a', '#ffe6a7', '#bb9457'], // leather
  ['#03045e', '#0077b6', '#90e0ef', '#caf0f8'], // pool
  ['#35281d', '#7f5539', '#ddb892', '#ede0d4'], // cork
  ['#1b4332', '#52b788', '#d8f3dc', '#ffb703'], // park in spring
  ['#4f000b', '#720026', '#ce4257', '#ffc093'], // velvet
  ['#264653', '#2a9d8f', '#e9c46a', '#f4a261'], // Mediterranean
];

const STYLES = ['bokeh', 'landscape', 'architecture', 'waves', 'tiles', 'orbits'] as const;

const f = (n: number) => Math.round(n * 10) / 10;

/** The SVG of one demo picture; `_label` (the caller's caption) is never drawn: the page's alt text names it. */
export function svgPicture(
  seed: number,
  width: number,
  height: number,
  _label = '',
  style?: (typeof STYLES)[number],
): string {
  const rand = createRandom(seed * 7919 + width * 31 + height);
  const [dark, mid, accent, light] = PALETTES[(seed * 5 + Math.floor(seed / PALETTES.length)) % PALETTES.length]!;
  const kind = style ?? STYLES[(seed * 3 + Math.floor(seed / STYLES.length)) % STYLES.length]!;
  const w = width;
  const h = height;
  const m = Math.min(w, h);
  const angle = rand.int(0, 3);
  const [x1, y1, x2, y2] = [
    [0, 0, 1, 1],
    [0, 1, 1, 0],
    [0, 0, 0, 1],
    [1, 0, 0, 1],
  ][angle]!;
  const defs = `<defs><linearGradient id="bg" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient><radialGradient id="glow"><stop offset="0" stop-color="${light}" stop-opacity=".9"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient><filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(m / 40)}"/></filter></defs>`;
  const parts: string[] = [`<rect width="${w}" height="${h}" fill="url(#bg)"/>`];
  const glow = () =>
    `<circle cx="${f(rand.next() * w)}" cy="${f(rand.next() * h * 0.6)}" r="${f(m * (0.4 + rand.next() * 0.5))}" fill="url(#glow)" opacity="${(0.25 + rand.next() * 0.3).toFixed(2)}"/>`;
  parts.push(glow());
  if (kind === 'bokeh') {
    for (let k = 0; k < 16; k++) {
      const colour = [accent, light, mid][k % 3];
      parts.push(
        `<circle cx="${f(rand.next() * w)}" cy="${f(rand.next() * h)}" r="${f(m * (0.03 + rand.next() * 0.12))}" fill="${colour}" opacity="${(0.15 + rand.next() * 0.45).toFixed(2)}" filter="url(#soft)"/>`,
      );
    }
  } else if (kind === 'landscape') {
    parts.push(
      `<circle cx="${f(w * (0.2 + rand.next() * 0.6))}" cy="${f(h * (0.25 + rand.next() * 0.15))}" r="${f(m * 0.12)}" fill="${accent}" opacity=".85"/>`,
    );
    for (let layer = 0; layer < 4; layer++) {
      const base = h * (0.5 + layer * 0.13);
      let d = `M0 ${f(base)}`;
      for (let x = 0; x <= w; x += w / 6)
        d += ` Q${f(x + w / 12)} ${f(base - m * (0.05 + rand.next() * 0.2))} ${f(x + w / 6)} ${f(base - rand.next() * m * 0.05)}`;
      d += ` L${w} ${h} L0 ${h}Z`;
      parts.push(
        `<path d="${d}" fill="${[mid, dark, mid, dark][layer]}" opacity="${(0.45 + layer * 0.15).toFixed(2)}"/>`,
      );
    }
  } else if (kind === 'architecture') {
    let x = -w * 0.05;
    while (x < w) {
      const bw = w * (0.06 + rand.next() * 0.14);
      const top = h * (0.15 + rand.next() * 0.5);
      parts.push(
        `<rect x="${f(x)}" y="${f(top)}" width="${f(bw)}" height="${f(h - top)}" fill="${rand.chance(0.3) ? accent : rand.chance(0.5) ? light : dark}" opacity="${(0.2 + rand.next() * 0.5).toFixed(2)}"/>`,
      );
      x += bw * (0.7 + rand.next() * 0.5);
    }
    parts.push(`<rect y="${f(h * 0.82)}" width="${w}" height="${f(h * 0.18)}" fill="${dark}" opacity=".55"/>`);
  } else if (kind === 'waves') {
    for (let k = 0; k < 7; k++) {
      const y = h * (0.15 + k * 0.12);
      const amp = m * (0.04 + rand.next() * 0.08);
      parts.push(
        `<path d="M${f(-w * 0.1)} ${f(y)} C${f(w * 0.25)} ${f(y - amp * 2)} ${f(w * 0.6)} ${f(y + amp * 2)} ${f(w * 1.1)} ${f(y - amp)}" fill="none" stroke="${k % 2 ? accent : light}" stroke-width="${f(m * (0.01 + rand.next() * 0.04))}" stroke-linecap="round" opacity="${(0.25 + rand.next() * 0.5).toFixed(2)}"/>`,
      );
    }
  } else if (kind === 'tiles') {
    const cols = rand.int(5, 9);
    const size = w / cols;
    const rows = Math.ceil(h / size);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (!rand.chance(0.55)) continue;
        const colour = [accent, light, mid, dark][rand.int(0, 3)];
        const shape = rand.int(0, 2);
        const cx = c * size + size / 2;
        const cy = r * size + size / 2;
        const o = (0.2 + rand.next() * 0.6).toFixed(2);
        if (shape === 0)
          parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(size * 0.38)}" fill="${colour}" opacity="${o}"/>`);
        else if (shape === 1)
          parts.push(
            `<rect x="${f(c * size + size * 0.12)}" y="${f(r * size + size * 0.12)}" width="${f(size * 0.76)}" height="${f(size * 0.76)}" rx="${f(size * 0.1)}" fill="${colour}" opacity="${o}"/>`,
          );
        else
          parts.push(
            `<path d="M${f(c * size)} ${f((r + 1) * size)} A${f(size)} ${f(size)} 0 0 1 ${f((c + 1) * size)} ${f(r * size)} L${f((c + 1) * size)} ${f((r + 1) * size)}Z" fill="${colour}" opacity="${o}"/>`,
          );
      }
    }
  } else {
    const cx = w * (0.3 + rand.next() * 0.4);
    const cy = h * (0.3 + rand.next() * 0.4);
    for (let k = 8; k > 0; k--) {
      parts.push(
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(m * 0.08 * k)}" fill="none" stroke="${k % 2 ? light : accent}" stroke-width="${f(m * 0.012 * (1 + (k % 3)))}" opacity="${(0.15 + k * 0.06).toFixed(2)}"/>`,
      );
    }
    parts.push(`<circle cx="${f(cx + m * 0.25)}" cy="${f(cy - m * 0.2)}" r="${f(m * 0.07)}" fill="${accent}"/>`);
  }
  // a little grain and a vignette, so the flat shapes read as light on a surface
  parts.push(`<rect width="${w}" height="${h}" fill="url(#bg)" opacity=".12"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img">${defs}${parts.join('')}</svg>`;
}

/** A portrait placeholder: head and shoulders on a soft background, in one of many palettes. */
export function svgAvatar(seed: number, size: number): string {
  const [dark, mid, accent, light] = PALETTES[(seed * 7 + 3) % PALETTES.length]!;
  const s = size;
  const skin = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#d5a27a'][seed % 6];
  const shirt = [accent, mid, dark, light][Math.floor(seed / 6) % 4];
  const hair = ['#2b1b12', '#4b3621', '#a0522d', '#1c1c1c', '#d6b370', '#6d6d6d'][Math.floor(seed / 3) % 6];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 100 100" role="img"><defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs><rect width="100" height="100" fill="url(#a)"/><path d="M14 100 C16 76 32 68 50 68 C68 68 84 76 86 100Z" fill="${shirt}"/><rect x="43" y="56" width="14" height="14" rx="5" fill="${skin}"/><ellipse cx="50" cy="42" rx="17" ry="20" fill="${skin}"/><path d="M32 42 C30 22 44 16 52 18 C64 18 72 28 68 44 C66 34 60 28 50 29 C42 30 36 34 32 42Z" fill="${hair}"/></svg>`;
}

/** A company mark: a geometric emblem, no lettering. */
export function svgLogo(seed: number, size: number): string {
  const [dark, mid, accent, light] = PALETTES[(seed * 11 + 5) % PALETTES.length]!;
  const shapes = [
    `<circle cx="50" cy="50" r="26" fill="${accent}"/><circle cx="62" cy="50" r="20" fill="${light}" opacity=".85"/>`,
    `<path d="M24 74 L50 22 L76 74Z" fill="${accent}"/><path d="M40 74 L58 40 L76 74Z" fill="${light}" opacity=".8"/>`,
    `<rect x="26" y="26" width="30" height="30" rx="4" fill="${accent}"/><rect x="44" y="44" width="30" height="30" rx="4" fill="${light}" opacity=".8"/>`,
    `<path d="M22 60 Q50 20 78 60" fill="none" stroke="${accent}" stroke-width="10" stroke-linecap="round"/><circle cx="50" cy="66" r="8" fill="${light}"/>`,
    `<path d="M50 20 L76 35 L76 65 L50 80 L24 65 L24 35Z" fill="${accent}"/><path d="M50 36 L62 43 L62 57 L50 64 L38 57 L38 43Z" fill="${dark}"/>`,
  ][seed % 5];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100" role="img"><rect width="100" height="100" fill="${seed % 2 ? dark : mid}"/>${shapes}</svg>`;
}

/** Writes a picture under uploads/seed/<folder>/ and returns its public URL path (avatars and logos get their own kind). */
export function writePicture(
  uploadsDir: string,
  folder: string,
  name: string,
  seed: number,
  width: number,
  height: number,
  _label = '',
): string {
  const dir = join(uploadsDir, 'seed', folder);
  mkdirSync(dir, { recursive: true });
  const svg =
    folder === 'avatars'
      ? svgAvatar(seed, width)
      : folder === 'logos'
        ? svgLogo(seed, width)
        : svgPicture(seed, width, height);
  writeFileSync(join(dir, `${name}.svg`), svg);
  return `/uploads/seed/${folder}/${name}.svg`;
}

export function initials(...words: string[]): string {
  return words
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}
