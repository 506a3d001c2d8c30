/** Demo pictures drawn locally as SVG (no network): a gradient, shapes and initials. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PALETTES = [
  ['#2f3640', '#c0392b'],
  ['#1e3a5f', '#4fa3d1'],
  ['#3d3d3d', '#e67e22'],
  ['#234d20', '#77ab59'],
  ['#4a235a', '#af7ac5'],
  ['#5d4037', '#d7a86e'],
  ['#263238', '#26a69a'],
  ['#37474f', '#ffca28'],
];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function svgPicture(seed: number, width: number, height: number, label: string): string {
  const [from, to] = PALETTES[seed % PALETTES.length]!;
  const r = (k: number) => ((seed * 9301 + k * 49297) % 233280) / 233280;
  const circles = Array.from({ length: 5 }, (_, k) => {
    const cx = Math.round(r(k + 1) * width);
    const cy = Math.round(r(k + 7) * height);
    const radius = Math.round((0.1 + r(k + 13) * 0.3) * Math.min(width, height));
    return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="#fff" fill-opacity="${(0.06 + r(k + 3) * 0.12).toFixed(2)}"/>`;
  }).join('');
  const size = Math.round(Math.min(width, height) * (label.length <= 3 ? 0.38 : 0.12));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${circles}<text x="50%" y="54%" text-anchor="middle" dominant-baseline="middle" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${escapeXml(label)}</text></svg>`;
}

/** Writes a picture under uploads/seed/<folder>/ and returns its public URL path. */
export function writePicture(uploadsDir: string, folder: string, name: string, seed: number, width: number, height: number, label: string): string {
  const dir = join(uploadsDir, 'seed', folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.svg`), svgPicture(seed, width, height, label));
  return `/uploads/seed/${folder}/${name}.svg`;
}

export function initials(...words: string[]): string {
  return words
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}
