import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMBED_HEIGHT,
  measuredHeight,
  originOf,
  resizeMessage,
  resizeTargets,
} from './embed-targets.ts';

const DECLARED = ['https://www.casa.test', 'http://127.0.0.1:8123'];

describe('resize messages of the embedded form (spec §2)', () => {
  it('asks for 380 before measuring and the measured height plus 10 after', () => {
    expect(DEFAULT_EMBED_HEIGHT).toBe(380);
    expect(measuredHeight(612.2)).toBe(623);
    expect(resizeMessage(623)).toEqual({ type: 'sobremesa:resize', height: 623 });
  });

  it('posts only to a declared site that is the parent', () => {
    expect(resizeTargets(DECLARED, 'https://www.casa.test/reservas', [])).toEqual(['https://www.casa.test']);
    expect(resizeTargets(DECLARED, '', ['http://127.0.0.1:8123'])).toEqual(['http://127.0.0.1:8123']);
    expect(resizeTargets(DECLARED, 'http://127.0.0.1:8123/', ['http://127.0.0.1:8123'])).toEqual([
      'http://127.0.0.1:8123',
    ]);
  });

  it('posts nowhere when the parent is not declared, unknown, or only a grandparent is', () => {
    expect(resizeTargets(DECLARED, 'https://evil.test/', ['https://evil.test'])).toEqual([]);
    expect(resizeTargets(DECLARED, '', [])).toEqual([]);
    expect(resizeTargets(DECLARED, '', ['https://evil.test', 'https://www.casa.test'])).toEqual([]);
    expect(resizeTargets([], 'https://www.casa.test/', ['https://www.casa.test'])).toEqual([]);
    expect(resizeTargets(['*'], 'https://www.casa.test/', ['https://www.casa.test'])).toEqual([]);
  });

  it('never takes an opaque or non-web origin', () => {
    expect(originOf('about:blank')).toBeNull();
    expect(originOf('file:///tmp/x.html')).toBeNull();
    expect(originOf('not a url')).toBeNull();
    expect(originOf('https://www.casa.test/a?b#c')).toBe('https://www.casa.test');
  });
});
