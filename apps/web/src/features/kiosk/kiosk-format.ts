/** A service date (yyyy-MM-dd) as a guest reads it: "sábado, 21 de noviembre". */
export function formatLongDate(date: string, locale: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  // Noon UTC: the calendar day is the same in every zone the venue could be in.
  const instant = new Date(Date.UTC(year, month - 1, day, 12));
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(instant);
}
