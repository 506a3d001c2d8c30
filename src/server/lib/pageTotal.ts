/**
 * A list's total without a count when the page read already tells it (issue 27 §3): a page that holds fewer rows
 * than asked for is the last one, so the total is what came before it plus what it holds. Only an empty page past
 * the first, or a full one, needs the count.
 */
export async function pageTotal(
  window: { size: number; offset: number },
  rows: number,
  count: () => Promise<number>,
): Promise<number> {
  if (rows < window.size && (rows > 0 || window.offset === 0)) return window.offset + rows;
  return count();
}
