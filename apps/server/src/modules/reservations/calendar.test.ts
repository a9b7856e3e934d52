import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine } from './calendar.ts';

describe('iCalendar file (RFC 5545)', () => {
  it('escapes text values', () => {
    expect(escapeText('Mesa 3, terraza; ventana\\fondo\nsegunda línea')).toBe(
      'Mesa 3\\, terraza\\; ventana\\\\fondo\\nsegunda línea',
    );
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'ñ'.repeat(80)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
  });

  it('writes UTC times, CRLF line ends and a cancelled status without alarm', () => {
    const ics = buildCalendar({
      uid: 'wid@casa.test',
      startsAt: new Date('2026-11-21T20:00:00Z'),
      endsAt: new Date('2026-11-21T21:30:00Z'),
      stampedAt: new Date('2026-11-20T12:00:00.123Z'),
      summary: 'Reserva en Casa (2 personas)',
      description: 'Fecha: sábado',
      status: 'CANCELLED',
    });
    expect(ics).toContain('\r\nDTSTART:20261121T200000Z\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20261120T120000Z\r\n');
    expect(ics).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(ics).not.toContain('VALARM');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
  });
});
