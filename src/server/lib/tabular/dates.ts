/** Dates as people type them in spreadsheets: dd/mm/yyyy (also with - or .), yyyy-mm-dd, or a spreadsheet serial. */

// Serial 25569 is 1970-01-01 in the 1900 date system (which counts the 29 February 1900 that never was).
const UNIX_EPOCH_SERIAL = 25569;
const DAY_MS = 86_400_000;

const pad = (value: number) => String(value).padStart(2, '0');

function isoIfReal(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** `yyyy-mm-dd`, or null when the text is no real date. Serials are taken between 1 (1900) and 2958465 (9999). */
export function parseTabularDate(value: string | number | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date)
    return Number.isNaN(value.getTime())
      ? null
      : isoIfReal(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  const text = String(value).trim();
  if (!text) return null;
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (match) return isoIfReal(Number(match[3]), Number(match[2]), Number(match[1]));
  match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(text);
  if (match) return isoIfReal(Number(match[1]), Number(match[2]), Number(match[3]));
  if (/^\d{1,7}(\.\d+)?$/.test(text)) {
    const serial = Math.floor(Number(text));
    if (serial < 1 || serial > 2_958_465) return null;
    const date = new Date((serial - UNIX_EPOCH_SERIAL) * DAY_MS);
    return isoIfReal(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  }
  return null;
}
