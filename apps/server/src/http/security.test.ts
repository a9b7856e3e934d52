import { describe, expect, it } from 'vitest';
import { isTrustworthyOrigin } from './security.ts';

describe('isTrustworthyOrigin (W3C Secure Contexts)', () => {
  it.each([
    ['https', 'casa.sobremesa.es', true],
    ['https', '192.168.1.20', true],
    ['http', 'localhost', true],
    ['http', 'demo.localhost', true],
    ['http', '127.0.0.1', true],
    ['http', '127.8.9.10', true],
    ['http', '[::1]', true],
    ['http', '192.168.1.20', false],
    ['http', '10.0.0.7', false],
    ['http', 'casa.sobremesa.es', false],
    ['http', 'localhost.evil.example', false],
    ['http', '127.0.0.1.evil.example', false],
  ])('%s://%s is %s', (protocol, hostname, expected) => {
    expect(isTrustworthyOrigin(protocol, hostname)).toBe(expected);
  });
});
