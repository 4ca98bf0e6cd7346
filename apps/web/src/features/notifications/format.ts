/** "just now", "5 minutes ago", "3 hours ago", "2 days ago": the menu's and dialog's relative time. */
export function relativeTime(value: string, now: number = Date.now()): string {
  const seconds = Math.round((now - new Date(value).getTime()) / 1000);
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 45) return 'just now';
  const units: [number, string][] = [
    [60, 'minute'],
    [3600, 'hour'],
    [86_400, 'day'],
    [30 * 86_400, 'month'],
    [365 * 86_400, 'year'],
  ];
  let chosen: [number, string] = units[0]!;
  for (const unit of units) if (seconds >= unit[0] * 0.9) chosen = unit;
  const count = Math.max(1, Math.round(seconds / chosen[0]));
  return `${count} ${chosen[1]}${count === 1 ? '' : 's'} ago`;
}

/** "1-10 of 23": the pager's text. */
export const rangeText = (from: number | null, to: number | null, total: number) =>
  from === null || to === null ? `0 of ${total}` : `${from}-${to} of ${total}`;

/** The next page, wrapping from the last to the first (and back from the first to the last). */
export const wrapPage = (page: number, step: 1 | -1, lastPage: number) =>
  ((page - 1 + step + lastPage) % lastPage) + 1;
