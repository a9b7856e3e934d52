/**
 * The reservation as an iCalendar file (RFC 5545) for "add to calendar". Times are written in UTC, so
 * every calendar shows the right local time whatever its zone; the text is escaped and lines are folded
 * at 75 octets as the RFC requires.
 */
export interface CalendarEvent {
  /** Stable across downloads, so re-importing updates the event instead of duplicating it. */
  readonly uid: string;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly stampedAt: Date;
  readonly summary: string;
  readonly description: string;
  readonly location?: string;
  readonly url?: string;
  /** CANCELLED for a cancelled reservation, so calendars drop it. */
  readonly status: 'CONFIRMED' | 'CANCELLED';
}

function utc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Escapes TEXT values: backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (continuation lines start with a space), never inside a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let currentBytes = 0;
  for (const character of line) {
    const bytes = encoder.encode(character).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (currentBytes + bytes > limit) {
      parts.push(current);
      current = '';
      currentBytes = 0;
    }
    current += character;
    currentBytes += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The .ics text of one event (METHOD:PUBLISH, CRLF line ends). */
export function buildCalendar(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sobremesa//Reservations//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utc(event.stampedAt)}`,
    `DTSTART:${utc(event.startsAt)}`,
    `DTEND:${utc(event.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status}`,
    'TRANSP:OPAQUE',
    ...(event.status === 'CONFIRMED'
      ? [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          `DESCRIPTION:${escapeText(event.summary)}`,
          'TRIGGER:-PT2H',
          'END:VALARM',
        ]
      : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
