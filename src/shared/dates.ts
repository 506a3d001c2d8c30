/** SPEC §3 dates travel as dd/mm/yyyy; some columns store ISO yyyy-mm-dd so lists sort by them (server and browser). */
export function dmyToIso(value: string): string;
export function dmyToIso(value: string | null | undefined): string | null;
export function dmyToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const [d, m, y] = value.split('/');
  return `${y}-${m}-${d}`;
}

export function isoToDmy(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}
