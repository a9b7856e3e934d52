import { describe, expect, it } from 'vitest';
import { serverStateBlock } from './server-state.ts';

describe('the drawn page’s data block (decision 030)', () => {
  it('is data, not a script, and no value can close it', () => {
    const block = serverStateBlock({
      locale: 'es',
      queries: {
        mutations: [],
        queries: [
          {
            queryKey: ['menu'],
            queryHash: '["menu"]',
            state: { data: { name: 'Tarta</script><script>alert(1)</script>' } } as never,
            dehydratedAt: 0,
          },
        ],
      },
    });
    expect(block.startsWith('<script type="application/json" id="sobremesa-server-state">')).toBe(true);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const json = block.slice(block.indexOf('>') + 1, -'</script>'.length);
    expect(JSON.stringify(JSON.parse(json))).toContain('Tarta</script><script>alert(1)</script>');
  });
});
