/**
 * Build-time stand-in for papaparse (aliased in vite.config.ts). Refine core imports it for its CSV
 * import/export hooks (useImport, useExport), which this portal does not use; the real library would
 * add ~7 KiB gzipped to every page.
 */
function unsupported(): never {
  throw new Error('CSV import/export is not part of this build (see vite.config.ts)');
}

export default { parse: unsupported, unparse: unsupported };
