import { readSpanishNumber } from './spanish-numbers.ts';
import { voiceTokens } from './voice-tokens.ts';

/** A table of the venue as the assistant matches it: its name as the venue spells it and its room. */
export interface VoiceTable {
  readonly name: string;
  readonly roomName: string;
}

/** Letters as they are said in Spanish ("te tres" is T3, "ese uno" S1, "be dos" B2). */
const LETTER_NAMES: Readonly<Record<string, string>> = {
  be: 'b',
  ce: 'c',
  efe: 'f',
  ge: 'g',
  hache: 'h',
  i: 'i',
  jota: 'j',
  ka: 'k',
  ele: 'l',
  eme: 'm',
  ene: 'n',
  pe: 'p',
  cu: 'q',
  erre: 'r',
  ese: 's',
  te: 't',
  uve: 'v',
  ve: 'v',
  equis: 'x',
  ye: 'y',
  zeta: 'z',
};

/**
 * Words around a table number that name nothing ("finaliza a la mesa número doce, por favor"). The vowels
 * and "y" are words far more often than letters of a table's name, so they are read as words.
 */
const FILLERS = new Set(['la', 'el', 'mesa', 'de', 'del', 'numero', 'num', 'n', 'en', 'por', 'favor']);
const CONJUNCTIONS = new Set(['a', 'e', 'o', 'u', 'y']);

const compact = (name: string) => voiceTokens(name).join('');
const digitsOf = (name: string) => compact(name).replace(/[^0-9]/g, '');
const lettersOf = (name: string) => compact(name).replace(/[0-9]/g, '');

/**
 * The table said in `words` (what follows the intent), matched to the venue's names: "T3", "te tres",
 * "terraza tres" (a room's name, then the number of one of its tables), "mesa cinco". `none` when no
 * table was said; `unknown` (with the table as heard) when it names no table of the venue.
 */
export function tableSaid(
  words: string,
  tables: readonly VoiceTable[],
): { readonly table: string } | { readonly unknown: string } | 'none' {
  const tokens = voiceTokens(words).filter((token) => !FILLERS.has(token) && !CONJUNCTIONS.has(token));
  const rooms = new Map(tables.map((table) => [voiceTokens(table.roomName)[0] ?? '', table.roomName]));
  let room: string | undefined;
  let letters = '';
  let number: number | undefined;
  for (let index = 0; index < tokens.length && number === undefined; index++) {
    const token = tokens[index] ?? '';
    const read = readSpanishNumber(tokens, index);
    if (read) {
      number = read.value;
    } else if (rooms.has(token) && room === undefined) {
      room = rooms.get(token);
    } else if (LETTER_NAMES[token] !== undefined && letters.length < 2) {
      letters += LETTER_NAMES[token];
    } else if (/^[a-z]$/.test(token)) {
      letters += token;
    }
  }
  if (number === undefined)
    return letters === '' && room === undefined ? 'none' : { unknown: letters.toUpperCase() };
  const heard = `${letters.toUpperCase()}${number}`;
  const inRoom = tables.filter((table) => room === undefined || table.roomName === room);
  const exact = inRoom.find((table) => compact(table.name) === `${letters}${number}`);
  if (exact) return { table: exact.name };
  // "terraza tres" or "mesa cinco": the only table of the room (or the venue) with that number.
  const byNumber = inRoom.filter(
    (table) =>
      digitsOf(table.name) === String(number) &&
      (letters === '' || lettersOf(table.name).endsWith(letters) || room !== undefined),
  );
  const unique = byNumber.length === 1 ? byNumber[0] : byNumber.find((table) => lettersOf(table.name) === '');
  return unique ? { table: unique.name } : { unknown: heard };
}
