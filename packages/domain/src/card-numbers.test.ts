import { describe, expect, it } from 'vitest';
import { containsCardNumber, isLuhnValid, maskCardNumbers } from './card-numbers.ts';

describe('card numbers in free text (PCI-01)', () => {
  it('checks Luhn digits', () => {
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('378282246310005')).toBe(true);
    expect(isLuhnValid('')).toBe(false);
  });

  it.each([
    '4111 1111 1111 1111',
    '4111.1111.1111.1111',
    '4111-1111-1111-1111',
    'tarjeta 4111111111111111 gracias',
    'Amex 3782 822463 10005',
    '4111 1111 1111 1111 123',
    'cvv 123 4111111111111111',
    '6011-0009-9013-9424',
    // A window of a longer run: a mistyped card number is still refused rather than stored.
    '4111 1111 1111 1112',
  ])('finds a card number in %j', (text) => {
    expect(containsCardNumber(text)).toBe(true);
  });

  it.each([
    'Mesa junto a la ventana, sin gluten',
    '+34 600 123 456',
    'TPV-REF-00042',
    '1234 5678',
    'pedido 1234567890123',
    '2026-11-25 21.30',
  ])('leaves %j alone', (text) => {
    expect(containsCardNumber(text)).toBe(false);
  });

  it('masks card numbers as written and keeps the rest', () => {
    expect(maskCardNumbers('pago con 4111 1111 1111 1111 el 2026-11-25, mesa 12')).toBe(
      'pago con [card] el 2026-11-25, mesa 12',
    );
  });
});
