import { format, isValid, parseISO } from 'date-fns';

/** Spec 01 §9: dates read "do MMM yyyy", with ", HH:mm" when the time matters. */
export const DATE_FORMAT = 'do MMM yyyy';
export const DATE_TIME_FORMAT = 'do MMM yyyy, HH:mm';

export function formatDate(value: string | Date | null | undefined, withTime = false): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' ? parseISO(value) : value;
  if (!isValid(date)) return '';
  return format(date, withTime ? DATE_TIME_FORMAT : DATE_FORMAT);
}

export const formatDateTime = (value: string | Date | null | undefined) => formatDate(value, true);
