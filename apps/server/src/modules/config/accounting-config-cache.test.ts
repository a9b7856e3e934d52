import { describe, expect, it } from 'vitest';
import { fakeListeningHandle } from '../../test/fake-listening-handle.ts';
import { AccountingConfigCache } from './accounting-config-cache.ts';

/** A cache on a hand-moved clock, listening, and a build that counts its reads. */
async function listeningCache() {
  let now = 0;
  const cache = new AccountingConfigCache(5_000, () => now);
  const { handle, notify } = fakeListeningHandle();
  await cache.listen(handle, 'channel');
  let reads = 0;
  const build = (json: string) => async () => {
    reads += 1;
    return json;
  };
  return { cache, notify, build, reads: () => reads, advance: (ms: number) => (now += ms) };
}

describe('AccountingConfigCache', () => {
  it('keeps nothing until it hears the changes', async () => {
    const cache = new AccountingConfigCache();
    let reads = 0;
    const build = async () => `{"read":${++reads}}`;
    expect(await cache.reply(7, build)).toBe('{"read":1}');
    expect(await cache.reply(7, build)).toBe('{"read":2}');
  });

  it('answers the kept reply until its venue changes, and only that venue', async () => {
    const { cache, notify, build, reads } = await listeningCache();
    expect(await cache.reply(7, build('a'))).toBe('a');
    expect(await cache.reply(7, build('b'))).toBe('a');
    expect(await cache.reply(8, build('c'))).toBe('c');
    notify('7');
    expect(await cache.reply(7, build('d'))).toBe('d');
    expect(await cache.reply(8, build('e'))).toBe('c');
    expect(reads()).toBe(3);
  });

  it('forgets every venue on a re-established link or a change of the shared denominations', async () => {
    const { cache, notify, build } = await listeningCache();
    await cache.reply(7, build('a'));
    await cache.reply(8, build('b'));
    notify('');
    expect(await cache.reply(7, build('c'))).toBe('c');
    notify('*');
    expect(await cache.reply(7, build('d'))).toBe('d');
    expect(await cache.reply(8, build('e'))).toBe('e');
  });

  it('does not keep a reply read while a change was heard: the read may predate it', async () => {
    const { cache, build } = await listeningCache();
    let finish: (json: string) => void = () => undefined;
    const racing = cache.reply(7, () => new Promise<string>((resolve) => (finish = resolve)));
    cache.forget(7);
    finish('before the change');
    expect(await racing).toBe('before the change');
    expect(await cache.reply(7, build('after the change'))).toBe('after the change');
  });

  it('reads again once the kept reply is older than its bound', async () => {
    const { cache, build, advance } = await listeningCache();
    await cache.reply(7, build('a'));
    advance(5_000);
    expect(await cache.reply(7, build('b'))).toBe('a');
    advance(1);
    expect(await cache.reply(7, build('c'))).toBe('c');
  });
});
