/** CSV downloads (candidates, event attendees): UTF-8 with a BOM, so spreadsheets read the accents. */
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

// a cell a spreadsheet would run as a formula (=, +, -, @) is written as text
const safe = (value: unknown) => (typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export function csvBody(header: string[], lines: unknown[][]): string {
  return '\ufeff' + stringify([header, ...lines.map((line) => line.map(safe))]);
}

export function sendCsv(reply: FastifyReply, filename: string, body: string) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .header('Cache-Control', 'no-store')
    .send(body);
}
