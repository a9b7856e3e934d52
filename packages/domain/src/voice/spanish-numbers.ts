/**
 * Spanish number words as a recognizer writes them (spec §9: digits understood as words, and beyond):
 * "cero" to "noventa y nueve", "cien", "un"/"una"/"uno", and digits. Tokens are already lower case
 * without accents (see {@link voiceTokens}).
 */
const UNITS: Readonly<Record<string, number>> = {
  cero: 0,
  un: 1,
  una: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
};

const SINGLE_WORDS: Readonly<Record<string, number>> = {
  ...UNITS,
  diez: 10,
  once: 11,
  doce: 12,
  trece: 13,
  catorce: 14,
  quince: 15,
  dieciseis: 16,
  diecisiete: 17,
  dieciocho: 18,
  diecinueve: 19,
  veinte: 20,
  veintiun: 21,
  veintiuno: 21,
  veintiuna: 21,
  veintidos: 22,
  veintitres: 23,
  veinticuatro: 24,
  veinticinco: 25,
  veintiseis: 26,
  veintisiete: 27,
  veintiocho: 28,
  veintinueve: 29,
  cien: 100,
  ciento: 100,
};

const TENS: Readonly<Record<string, number>> = {
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  setenta: 70,
  ochenta: 80,
  noventa: 90,
};

/** A number read at `tokens[start]`: its value and how many tokens it took, or null. */
export function readSpanishNumber(
  tokens: readonly string[],
  start: number,
): { readonly value: number; readonly length: number } | null {
  const word = tokens[start];
  if (word === undefined) return null;
  if (/^\d{1,3}$/.test(word)) return { value: Number(word), length: 1 };
  const single = SINGLE_WORDS[word];
  if (single !== undefined) return { value: single, length: 1 };
  const tens = TENS[word];
  if (tens === undefined) return null;
  // "treinta y dos": the unit after "y" belongs to the number.
  const unit = tokens[start + 1] === 'y' ? UNITS[tokens[start + 2] ?? ''] : undefined;
  return unit === undefined || unit === 0 ? { value: tens, length: 1 } : { value: tens + unit, length: 3 };
}
