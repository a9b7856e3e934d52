import { describe, expect, it } from 'vitest';
import { bestVoiceReading, parseConfirmation, parseVoiceCommand } from './parse-command.ts';
import { readSpanishNumber } from './spanish-numbers.ts';
import type { VoiceTable } from './voice-tables.ts';

/** The demo venue's tables: numbers in the dining room, T on the terrace, B at the bar. */
const tables: VoiceTable[] = [
  ...['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '12'].map((name) => ({ name, roomName: 'Sala' })),
  ...['T1', 'T2', 'T3', 'T4', 'T5'].map((name) => ({ name, roomName: 'Terraza' })),
  ...['B1', 'B2'].map((name) => ({ name, roomName: 'Barra' })),
];

describe('parseVoiceCommand (spec §4, §5)', () => {
  it.each([
    ['walking para Juan, cuatro personas', 'Juan', 4],
    ['Walking Ana dos', 'Ana', 2],
    ['walkin para María José de tres', 'María José', 3],
    ['walk-in, dos personas, a nombre de Pedro', 'Pedro', 2],
    ['walk in Luis una persona', 'Luis', 1],
    ['guoking para Carmen, veintidós comensales', 'Carmen', 22],
    ['wolking Íñigo treinta y dos', 'Íñigo', 32],
    ['oye walking para lucía 6', 'Lucía', 6],
    ['walkings Rosa cinco', 'Rosa', 5],
  ])('"%s" is a walk-in for %s, %i', (phrase, name, pax) => {
    expect(parseVoiceCommand(phrase, tables)).toEqual({ intent: 'walking', name, pax });
  });

  it.each([
    ['activa la mesa cinco', 'activa', '5'],
    ['Activar mesa 5', 'activa', '5'],
    ['actívame la mesa número doce, por favor', 'activa', '12'],
    ['reactiva la T3', 'activa', 'T3'],
    ['activa la te tres', 'activa', 'T3'],
    ['activa terraza tres', 'activa', 'T3'],
    ['activa la mesa be dos', 'activa', 'B2'],
    ['activa barra uno', 'activa', 'B1'],
    ['finaliza la mesa doce', 'finaliza', '12'],
    ['Finalizar mesa diez', 'finaliza', '10'],
    ['finalízala, mesa T-5', 'finaliza', 'T5'],
    ['finalisa la mesa siete', 'finaliza', '7'],
    ['finaliza a la mesa uno', 'finaliza', '1'],
  ])('"%s" is %s on table %s', (phrase, intent, table) => {
    expect(parseVoiceCommand(phrase, tables)).toEqual({ intent, table });
  });

  it.each([
    ['', { problem: 'unintelligible' }],
    ['  ¿? ', { problem: 'unintelligible' }],
    ['pon dos cafés en la mesa cinco', { problem: 'unsupported' }],
    ['cierra la mesa doce', { problem: 'unsupported' }],
    ['walking para Juan', { problem: 'walkInMissing' }],
    ['walking cuatro personas', { problem: 'walkInMissing' }],
    ['walking Ana cero', { problem: 'walkInMissing' }],
    ['activa la mesa', { problem: 'noTable' }],
    ['finaliza', { problem: 'noTable' }],
    ['activa la mesa cuarenta', { problem: 'unknownTable', table: '40' }],
    ['finaliza la te nueve', { problem: 'unknownTable', table: 'T9' }],
    ['activa terraza ocho', { problem: 'unknownTable', table: '8' }],
  ])('"%s" is refused as %j', (phrase, problem) => {
    expect(parseVoiceCommand(phrase, tables)).toEqual(problem);
  });
});

describe('Spanish numbers (spec §9)', () => {
  it.each([
    ['cero', 0],
    ['un', 1],
    ['una', 1],
    ['nueve', 9],
    ['quince', 15],
    ['dieciséis', 16],
    ['veinte', 20],
    ['veintitrés', 23],
    ['cuarenta y cinco', 45],
    ['noventa', 90],
    ['cien', 100],
    ['7', 7],
  ])('"%s" is %i', (words, value) => {
    const tokens = words
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .split(' ');
    expect(readSpanishNumber(tokens, 0)?.value).toBe(value);
  });

  it('reads nothing from a word that is not a number', () => {
    expect(readSpanishNumber(['mesa'], 0)).toBeNull();
    expect(readSpanishNumber([], 0)).toBeNull();
  });
});

describe('bestVoiceReading', () => {
  it('takes the first alternative that is a command', () => {
    expect(bestVoiceReading(['activa la mesa sinco', 'activa la mesa cinco'], tables)).toEqual({
      intent: 'activa',
      table: '5',
    });
  });

  it('otherwise the most specific problem', () => {
    expect(bestVoiceReading(['hola', 'walking Ana'], tables)).toEqual({ problem: 'walkInMissing' });
    expect(bestVoiceReading([], tables)).toEqual({ problem: 'unintelligible' });
  });
});

describe('parseConfirmation', () => {
  it.each([
    ['Sí', 'yes'],
    ['sí, confirmo', 'yes'],
    ['vale', 'yes'],
    ['no', 'no'],
    ['cancela', 'no'],
    ['eh', null],
  ])('"%s" is %s', (phrase, answer) => {
    expect(parseConfirmation(phrase)).toBe(answer);
  });
});
