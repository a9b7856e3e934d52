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
export declare const CODEPAGES: Readonly<Record<CodepageName, Codepage>>;
/**
 * Encodes text in a codepage. Printable ASCII passes through; control characters and anything the table
 * cannot show become "?" so a stray byte never reaches the printer as a command.
 */
export declare function encodeText(text: string, name: CodepageName): Buffer;
