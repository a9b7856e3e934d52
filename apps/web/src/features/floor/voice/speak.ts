/**
 * Says `text` aloud in Spanish (spec §9: es-ES), cutting short whatever the assistant was still saying.
 * Without speech synthesis the answer is only on screen.
 */
export function speak(text: string): void {
  if (!('speechSynthesis' in window)) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'es-ES';
  const voice = window.speechSynthesis.getVoices().find((candidate) => candidate.lang.startsWith('es-ES'));
  if (voice) utterance.voice = voice;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}
