/**
 * The browser's speech recognition (Web Speech API), which TypeScript's DOM library does not describe:
 * `SpeechRecognition` where standard, `webkitSpeechRecognition` in Chrome and Edge.
 */
interface RecognitionAlternative {
  readonly transcript: string;
}
interface RecognitionResultEvent {
  readonly results: ArrayLike<ArrayLike<RecognitionAlternative>>;
}
interface RecognitionErrorEvent {
  readonly error: string;
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onnomatch: (() => void) | null;
  onerror: ((event: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

/** The recognizer the browser has, or null where it has none (Firefox, most WebViews). */
export function recognizerConstructor(): RecognitionConstructor | null {
  const scope = window as unknown as Record<string, RecognitionConstructor | undefined>;
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

/** How one listening ended: what was heard (the recognizer's guesses, best first), nothing, or a failure. */
export type Heard =
  { readonly alternatives: string[] } | { readonly nothing: true } | { readonly failed: string };

/**
 * Listens once in es-ES (spec §9) and reports how it ended, exactly once. Up to five guesses are kept: in
 * a noisy room the first is often not the one that makes sense. `stop` ends a push-to-talk hold; what was
 * said until then is still recognised.
 */
export function listenOnce(
  Constructor: RecognitionConstructor,
  onEnd: (heard: Heard) => void,
): { stop(): void } {
  const recognition = new Constructor();
  recognition.lang = 'es-ES';
  recognition.continuous = false;
  recognition.interimResults = false;
  recognition.maxAlternatives = 5;
  let outcome: Heard | null = null;
  recognition.onresult = (event) => {
    const last = event.results[event.results.length - 1];
    const alternatives = Array.from(last ?? [], (alternative) => alternative.transcript.trim()).filter(
      Boolean,
    );
    outcome = alternatives.length > 0 ? { alternatives } : { nothing: true };
  };
  recognition.onnomatch = () => {
    outcome ??= { nothing: true };
  };
  recognition.onerror = (event) => {
    // Silence is not a fault of the recognizer: it is "no te he entendido".
    outcome ??=
      event.error === 'no-speech' || event.error === 'aborted' ? { nothing: true } : { failed: event.error };
  };
  recognition.onend = () => onEnd(outcome ?? { nothing: true });
  try {
    recognition.start();
  } catch (error) {
    onEnd({ failed: error instanceof Error ? error.message : String(error) });
  }
  return { stop: () => recognition.stop() };
}
