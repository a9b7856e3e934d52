/**
 * An amount typed on the till ("20", "20,5", "20.50", "1.234,56") as integer cents; null when it is not an
 * amount or has more than two decimals. The last `,` or `.` followed by one or two digits is the decimal
 * separator; any other separator groups thousands.
 */
export function parseAmountCents(text: string): number | null {
  const trimmed = text.trim().replace(/\s|€/g, '');
  if (!/^[0-9.,]+$/.test(trimmed)) return null;
  const match = /^(.*?)(?:[.,]([0-9]{1,2}))?$/.exec(trimmed);
  if (!match) return null;
  const whole = (match[1] ?? '').replace(/[.,]/g, '');
  if (whole === '' && match[2] === undefined) return null;
  if (!/^[0-9]*$/.test(whole)) return null;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const value = Number(whole || '0') * 100 + Number(fraction || '0');
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * Whether a typed amount is a negative number ("-5", "−2,50"): the screen says negatives are not valid
 * (spec §5) rather than reading it as no amount or as zero.
 */
export function isNegativeAmount(text: string): boolean {
  return /^[-\u2212]\s*[0-9.,]*[0-9]/.test(text.trim());
}
