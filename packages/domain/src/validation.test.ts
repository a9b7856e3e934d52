import { describe, expect, it } from 'vitest';
import { checkPassword, isSpanishPostalCode, isValidEmail } from './validation.ts';

describe('email (spec §5)', () => {
  it.each(['ana@casa.es', 'a.b+c@sub.dominio.info', 'x@host.123', ' pepe@bar.com '])(
    'accepts %j',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );
  it.each([
    'ana',
    'ana@',
    '@casa.es',
    'ana@casa',
    'ana@casa.e',
    'ana@casa.abcdef',
    'a b@casa.es',
    'x@host.1234',
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('passwords (SEC-03)', () => {
  const common = new Set(['password123', 'sobremesa']);
  it('needs 8 characters, counting letters not bytes', () => {
    expect(checkPassword('1234567', common)).toBe('too_short');
    expect(checkPassword('ñandúñandú', common)).toBeNull();
    expect(checkPassword('🍷🍷🍷🍷🍷🍷🍷', common)).toBe('too_short');
  });
  it('allows long passphrases up to 128 and no composition rules', () => {
    expect(checkPassword('a'.repeat(64), common)).toBeNull();
    expect(checkPassword('correct horse battery staple', common)).toBeNull();
    expect(checkPassword('a'.repeat(129), common)).toBe('too_long');
  });
  it('refuses common passwords whatever their case or surrounding spaces', () => {
    expect(checkPassword('PassWord123', common)).toBe('common');
    expect(checkPassword('  password123 ', common)).toBe('common');
  });
});

describe('Spanish postal codes', () => {
  it.each(['01000', '28013', '08001', '35001', '52999'])('accepts %j', (code) => {
    expect(isSpanishPostalCode(code)).toBe(true);
  });
  it.each(['ABCDE', '', '00999', '53000', '99999', '2801', '280134', ' 28013', '28 013'])(
    'refuses %j',
    (code) => {
      expect(isSpanishPostalCode(code)).toBe(false);
    },
  );
});
