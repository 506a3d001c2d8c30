/**
 * Compresses the built web app once, at build time: a .br (brotli, best quality) and a .gz (gzip, level 9) file beside
 * each text file of dist/, which the server sends as they are by the browser's Accept-Encoding (plugins/spa.ts,
 * @fastify/static `preCompressed`). Compressing per request cost a first visit of an area ~130 brotli runs on the
 * server (issue 27 §3), and at a lower quality than this. A variant that would not be smaller is not written (the file
 * is then sent as it is, or compressed on its way out). The server renderer (<dist>/server) and index.html (a template
 * the server fills in per page) are never served as files and are left alone.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing (images and fonts are compressed already). */
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|map|webmanifest|html)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}

/** Whether a file of `outDir` is one the server may send as a static file and worth compressing. */
export function isCompressible(outDir: string, file: string): boolean {
  const path = relative(outDir, file).split(sep).join('/');
  return TEXT.test(path) && path !== 'index.html' && !path.startsWith('server/');
}

export interface CompressedFile {
  file: string;
  bytes: number;
  br: number | null;
  gz: number | null;
}

async function compressOne(file: string): Promise<CompressedFile> {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: 9 }),
  ]);
  const keepBr = br.length < data.length;
  const keepGz = gz.length < data.length;
  await Promise.all([keepBr ? writeFile(`${file}.br`, br) : null, keepGz ? writeFile(`${file}.gz`, gz) : null]);
  return { file, bytes: data.length, br: keepBr ? br.length : null, gz: keepGz ? gz.length : null };
}

/** Writes the .br and .gz variants of every compressible file under `outDir` (a few at a time: zlib's thread pool). */
export async function compressAssets(outDir: string, concurrency = 4): Promise<CompressedFile[]> {
  const files = (await filesUnder(outDir)).filter((file) => isCompressible(outDir, file));
  const done: CompressedFile[] = [];
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      if ((await stat(file)).size > 0) done.push(await compressOne(file));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  return done;
}

/** The Vite plugin: compresses the browser build once it is written (not the server renderer's build). */
export function precompressedAssets(): Plugin {
  let outDir = 'dist';
  let write = true;
  return {
    name: 'alumni:precompressed-assets',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      write = config.build.write;
    },
    async closeBundle() {
      if (!write) return; // a build kept in memory (an analysis) has nothing on disk to compress
      const started = performance.now();
      const files = await compressAssets(outDir);
      this.info(`${files.length} files compressed (.br, .gz) in ${Math.round(performance.now() - started)} ms`);
    },
  };
}
