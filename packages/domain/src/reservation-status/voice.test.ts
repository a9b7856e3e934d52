import { describe, expect, it } from 'vitest';
import { voiceCommandTarget, type VoiceCandidate } from './voice.ts';

const at = (hour: number) => new Date(`2026-11-20T${String(hour).padStart(2, '0')}:00:00Z`);
const day: VoiceCandidate[] = [
  { id: 1, status: 1, tableNames: ['12'], startsAt: at(19) },
  { id: 2, status: -2, tableNames: ['7'], startsAt: at(18) },
  { id: 3, status: -2, tableNames: ['7'], startsAt: at(20) },
  { id: 4, status: -3, tableNames: ['9'], startsAt: at(20) },
  { id: 5, status: 7, tableNames: ['4'], startsAt: at(20) },
  { id: 6, status: -4, tableNames: ['S1', 'S2'], startsAt: at(21) },
];

describe('voice table commands (spec §4, §5)', () => {
  it('finaliza needs a reservation with status 1 on the table', () => {
    expect(voiceCommandTarget('finaliza', '12', day)).toEqual({ reservation: day[0] });
    expect(voiceCommandTarget('finaliza', '4', day)).toEqual({ error: 'no_reservation' });
    expect(voiceCommandTarget('finaliza', '7', day)).toEqual({ error: 'no_reservation' });
  });

  it('activa needs a negative status, the latest one of the table, never a merged account', () => {
    expect(voiceCommandTarget('activa', '7', day)).toEqual({ reservation: day[2] });
    expect(voiceCommandTarget('activa', ' s2 ', day)).toEqual({ reservation: day[5] });
    expect(voiceCommandTarget('activa', '9', day)).toEqual({ error: 'no_reservation' });
    expect(voiceCommandTarget('activa', '12', day)).toEqual({ error: 'no_reservation' });
  });

  it('needs a table number', () => {
    expect(voiceCommandTarget('activa', '', day)).toEqual({ error: 'no_table' });
    expect(voiceCommandTarget('finaliza', null, day)).toEqual({ error: 'no_table' });
    expect(voiceCommandTarget('finaliza', undefined, day)).toEqual({ error: 'no_table' });
  });
});
