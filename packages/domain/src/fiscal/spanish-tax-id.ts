/** Check letters of a DNI or NIE, by the number modulo 23 (Real Decreto 1553/2005). */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** Control letters of a company's NIF (formerly CIF), by the control digit. */
const COMPANY_CONTROL_LETTERS = 'JABCDEFGHI';
/** Company kinds whose control character is always a letter, and those whose control is always a digit. */
const COMPANY_LETTER_CONTROL = 'KLMNPQRSW';
const COMPANY_DIGIT_CONTROL = 'ABEH';

/** A tax ID as typed, in the form it is stored and printed: capitals, no spaces, dots or dashes. */
export function normalizeSpanishTaxId(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

function companyControlDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[index]);
    // Positions 1, 3, 5, 7 (index 0, 2, 4, 6) are doubled and their digits added.
    if (index % 2 === 0) {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += digit;
    }
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Whether `value` is a Spanish NIF whose check character is right: a person's DNI (8 digits and a
 * letter), a foreigner's NIE (X, Y or Z, 7 digits and a letter), a K/L/M NIF, or a company's NIF (a
 * letter for its legal form, 7 digits and a control digit or letter). An invoice with a wrong NIF is
 * rejected by the tax agency, so a typo is caught where it is typed.
 */
export function isValidSpanishTaxId(value: string): boolean {
  const id = normalizeSpanishTaxId(value);
  const person = /^(\d{8})([A-Z])$/.exec(id);
  if (person) return DNI_LETTERS[Number(person[1]) % 23] === person[2];
  const foreigner = /^([XYZ])(\d{7})([A-Z])$/.exec(id);
  if (foreigner) {
    const number = Number(`${'XYZ'.indexOf(foreigner[1]!)}${foreigner[2]}`);
    return DNI_LETTERS[number % 23] === foreigner[3];
  }
  const company = /^([ABCDEFGHJKLMNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (!company) return false;
  const [, kind, digits, control] = company as unknown as [string, string, string, string];
  const digit = companyControlDigit(digits);
  const letter = COMPANY_CONTROL_LETTERS[digit];
  if (COMPANY_LETTER_CONTROL.includes(kind)) return control === letter;
  if (COMPANY_DIGIT_CONTROL.includes(kind)) return control === String(digit);
  return control === letter || control === String(digit);
}
