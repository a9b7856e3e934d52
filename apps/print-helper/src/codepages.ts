/**
 * The character tables a ticket is encoded in. Spanish tickets need ñ, accented vowels, ¿ ¡ º ª and the euro
 * sign: PC858 (PC850 with € at 0xD5) has them all and nearly every ESC/POS printer knows it; PC850 is the
 * fallback for old printers without PC858, where € is written out as "EUR".
 */
export type CodepageName = 'cp858' | 'pc850';

export interface Codepage {
  /** The `n` of ESC t n (select character code table) on Epson-compatible printers. */
  readonly escPosTable: number;
  /** The characters of bytes 0x80 to 0xFF, in order. */
  readonly upperHalf: string;
  /** Written instead of a character the table lacks (e.g. € on PC850). */
  readonly substitutes: Readonly<Record<string, string>>;
}

const CP858_UPPER_HALF =
  '\u00c7\u00fc\u00e9\u00e2\u00e4\u00e0\u00e5\u00e7\u00ea\u00eb\u00e8\u00ef\u00ee\u00ec\u00c4\u00c5' +
  '\u00c9\u00e6\u00c6\u00f4\u00f6\u00f2\u00fb\u00f9\u00ff\u00d6\u00dc\u00f8\u00a3\u00d8\u00d7\u0192' +
  '\u00e1\u00ed\u00f3\u00fa\u00f1\u00d1\u00aa\u00ba\u00bf\u00ae\u00ac\u00bd\u00bc\u00a1\u00ab\u00bb' +
  '\u2591\u2592\u2593\u2502\u2524\u00c1\u00c2\u00c0\u00a9\u2563\u2551\u2557\u255d\u00a2\u00a5\u2510' +
  '\u2514\u2534\u252c\u251c\u2500\u253c\u00e3\u00c3\u255a\u2554\u2569\u2566\u2560\u2550\u256c\u00a4' +
  '\u00f0\u00d0\u00ca\u00cb\u00c8\u20ac\u00cd\u00ce\u00cf\u2518\u250c\u2588\u2584\u00a6\u00cc\u2580' +
  '\u00d3\u00df\u00d4\u00d2\u00f5\u00d5\u00b5\u00fe\u00de\u00da\u00db\u00d9\u00fd\u00dd\u00af\u00b4' +
  '\u00ad\u00b1\u2017\u00be\u00b6\u00a7\u00f7\u00b8\u00b0\u00a8\u00b7\u00b9\u00b3\u00b2\u25a0\u00a0';

/** PC850 differs from PC858 only at 0xD5: dotless i instead of the euro sign. */
const PC850_UPPER_HALF = `${CP858_UPPER_HALF.slice(0, 0x55)}\u0131${CP858_UPPER_HALF.slice(0x56)}`;

/** Typographic characters a till's text may carry that neither table has. */
const COMMON_SUBSTITUTES: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
};

export const CODEPAGES: Readonly<Record<CodepageName, Codepage>> = {
  cp858: { escPosTable: 19, upperHalf: CP858_UPPER_HALF, substitutes: COMMON_SUBSTITUTES },
  pc850: {
    escPosTable: 2,
    upperHalf: PC850_UPPER_HALF,
    substitutes: { ...COMMON_SUBSTITUTES, '\u20ac': 'EUR' },
  },
};

const encoders = new Map<CodepageName, Map<string, number>>();

function byteTable(name: CodepageName): Map<string, number> {
  let table = encoders.get(name);
  if (!table) {
    table = new Map([...CODEPAGES[name].upperHalf].map((character, index) => [character, 0x80 + index]));
    encoders.set(name, table);
  }
  return table;
}

/**
 * Encodes text in a codepage. Printable ASCII passes through; control characters and anything the table
 * cannot show become "?" so a stray byte never reaches the printer as a command.
 */
export function encodeText(text: string, name: CodepageName): Buffer {
  const table = byteTable(name);
  const { substitutes } = CODEPAGES[name];
  const bytes: number[] = [];
  for (const character of text.normalize('NFC')) {
    const code = character.codePointAt(0) ?? 0x3f;
    if (code >= 0x20 && code < 0x7f) {
      bytes.push(code);
      continue;
    }
    const byte = table.get(character);
    if (byte !== undefined) {
      bytes.push(byte);
      continue;
    }
    const substitute = substitutes[character];
    if (substitute !== undefined) {
      for (const part of substitute) bytes.push(part.codePointAt(0) ?? 0x3f);
      continue;
    }
    bytes.push(0x3f);
  }
  return Buffer.from(bytes);
}
