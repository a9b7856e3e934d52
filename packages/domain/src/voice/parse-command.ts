import { findIntent } from './intents.ts';
import { readSpanishNumber } from './spanish-numbers.ts';
import { voiceTokens } from './voice-tokens.ts';
import { tableSaid, type VoiceTable } from './voice-tables.ts';

/** A command understood well enough to act on. */
export type VoiceCommand =
  | { readonly intent: 'walking'; readonly name: string; readonly pax: number }
  | { readonly intent: 'activa' | 'finaliza'; readonly table: string };

/**
 * Why a phrase cannot be acted on: nothing understood (`unintelligible`), words but no intent
 * (`unsupported`), a walk-in without a name or a party size (`walkInMissing`), a table command without
 * a table (`noTable`) or naming no table of the venue (`unknownTable`, with the table as heard).
 */
export type VoiceProblem =
  | { readonly problem: 'unintelligible' | 'unsupported' | 'walkInMissing' | 'noTable' }
  | { readonly problem: 'unknownTable'; readonly table: string };

export type VoiceReading = VoiceCommand | VoiceProblem;

/** Words of a walk-in phrase that are neither the name nor the party size. */
const WALK_IN_FILLERS = new Set([
  'para',
  'a',
  'nombre',
  'de',
  'del',
  'con',
  'somos',
  'son',
  'mesa',
  'el',
  'la',
  'y',
  'por',
  'favor',
  'personas',
  'persona',
  'comensales',
  'comensal',
  'pax',
  'gente',
]);

/** Longest a walk-in's name may be (the walk-in form's limit). */
const NAME_MAX = 60;

/** One word as said and as matched: "José," is said "José", matched "jose". */
interface Word {
  readonly said: string;
  readonly matched: string;
}

function wordsOf(transcript: string): Word[] {
  return transcript
    .split(/[\s,.;:!?¡¿"]+/)
    .map((said) => ({ said, matched: voiceTokens(said).join('') }))
    .filter((word) => word.matched !== '');
}

/** "walking para Juan, cuatro personas", "walking Ana dos": the name as said, the first number as pax. */
function walkIn(words: readonly Word[]): VoiceReading {
  const matched = words.map((word) => word.matched);
  const name: string[] = [];
  let pax: number | undefined;
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    const read = readSpanishNumber(matched, index);
    if (read) {
      pax ??= read.value;
      index += read.length - 1;
    } else if (!WALK_IN_FILLERS.has(word.matched) && /^\p{L}+$/u.test(word.said)) {
      name.push(word.said.charAt(0).toLocaleUpperCase('es') + word.said.slice(1));
    }
  }
  const fullName = name.join(' ').slice(0, NAME_MAX);
  if (fullName === '' || pax === undefined || pax < 1) return { problem: 'walkInMissing' };
  return { intent: 'walking', name: fullName, pax };
}

/**
 * What a transcript asks for (spec §4 voice intents, §5 validation), matched against the venue's tables.
 * Never throws: anything it cannot act on is a {@link VoiceProblem}.
 */
export function parseVoiceCommand(transcript: string, tables: readonly VoiceTable[]): VoiceReading {
  const words = wordsOf(transcript);
  if (words.length === 0) return { problem: 'unintelligible' };
  const found = findIntent(words.map((word) => word.matched));
  if (!found) return { problem: 'unsupported' };
  const rest = words.slice(found.rest);
  if (found.intent === 'walking') return walkIn(rest);
  const table = tableSaid(rest.map((word) => word.said).join(' '), tables);
  if (table === 'none') return { problem: 'noTable' };
  if ('unknown' in table) return { problem: 'unknownTable', table: table.unknown };
  return { intent: found.intent, table: table.table };
}

const PROBLEM_RANK: Readonly<Record<VoiceProblem['problem'], number>> = {
  unintelligible: 0,
  unsupported: 1,
  noTable: 2,
  walkInMissing: 3,
  unknownTable: 4,
};

/**
 * The best reading of a recognizer's alternatives (in a noisy room the first guess is often wrong): the
 * first that is a command, else the most specific problem, so "walking Ana" heard as "walking and a"
 * still answers about the missing party size rather than "no te he entendido".
 */
export function bestVoiceReading(
  alternatives: readonly string[],
  tables: readonly VoiceTable[],
): VoiceReading {
  let best: VoiceProblem = { problem: 'unintelligible' };
  for (const alternative of alternatives) {
    const reading = parseVoiceCommand(alternative, tables);
    if (!('problem' in reading)) return reading;
    if (PROBLEM_RANK[reading.problem] > PROBLEM_RANK[best.problem]) best = reading;
  }
  return best;
}

const YES = new Set([
  'si',
  'confirmo',
  'confirma',
  'confirmar',
  'vale',
  'adelante',
  'correcto',
  'claro',
  'ok',
  'okey',
  'dale',
  'hazlo',
]);
const NO = new Set(['no', 'cancela', 'cancelar', 'cancelalo', 'espera', 'nada']);

/** A spoken answer to "¿…? Di sí o toca Confirmar.": the first yes or no word heard, else null. */
export function parseConfirmation(transcript: string): 'yes' | 'no' | null {
  for (const token of voiceTokens(transcript)) {
    if (YES.has(token)) return 'yes';
    if (NO.has(token)) return 'no';
  }
  return null;
}
