/** The three things the assistant does (spec §4 "Voice intents"). */
export type VoiceIntent = 'walking' | 'activa' | 'finaliza';

/**
 * How recognizers in a noisy room write each intent: "walk-in" heard as an English word or spelled the
 * Spanish way ("guoking", "uolkin"), infinitives and imperatives with pronouns ("activar", "actívala",
 * "reactiva", "finalízame").
 */
const WALKING = /^(?:w|gu|u|hu)[ao]l?c?k(?:ing?|en)s?$/;
const ACTIVA = /^(?:re)?activ(?:a|ar|ame|ala|alo|e)$/;
const FINALIZA = /^finali[zsc](?:a|ar|ame|ala|alo|e)$/;

/** The intent a single word names, if any. "walk in" in two words is joined by {@link findIntent}. */
function intentOf(word: string): VoiceIntent | null {
  if (WALKING.test(word)) return 'walking';
  if (ACTIVA.test(word)) return 'activa';
  if (FINALIZA.test(word)) return 'finaliza';
  return null;
}

/** The first intent said and the index of the word after it ("oye, activa la mesa cinco" finds activa). */
export function findIntent(tokens: readonly string[]): { intent: VoiceIntent; rest: number } | null {
  for (let index = 0; index < tokens.length; index++) {
    const word = tokens[index] ?? '';
    const next = tokens[index + 1] ?? '';
    if (/^(?:w|gu|u)[ao]l?k$/.test(word) && /^in[g]?$/.test(next))
      return { intent: 'walking', rest: index + 2 };
    const intent = intentOf(word);
    if (intent) return { intent, rest: index + 1 };
  }
  return null;
}
