/**
 * node --import tsx bench/schoolRecords.ts [--rows 50000] [--postgres <url>]
 *
 * The school's records import (issue 28) on a big file: writes a CSV of `--rows` rows (default 50,000; `;`,
 * Spanish headers, some Latin-1-free accents), then on a fresh migrated SQLite database (or the PostgreSQL URL
 * given) runs the preview, the import and a re-import through the services the routes call, and prints each
 * one's time and this process's peak RSS (process.memoryUsage().rss sampled every 20 ms) and heap. Not a test.
 */
import { runImportBench } from './importHarness';
import * as importService from '../src/server/modules/schoolRecords/importService';

runImportBench({
  name: 'records',
  header: 'DNI;Nombre;Apellidos;Correo electrónico;Estudios;Primer curso;Último curso;Fecha de graduación;Tipo',
  line: (n) =>
    `${String(10_000_000 + n)}X;Núria ${n};García Puig;persona${n}@example.com;Ingeniería ${n % 40};2010/2011;2014/2015;01/07/2015;alumna`,
  preview: (ctx, csv) => importService.preview(ctx, csv),
  run: (ctx, csv) => importService.importFile(ctx, csv, 'records.csv'),
  counts: (answer) => answer.counts,
});
