/**
 * A transcript as words: lower case, accents and punctuation dropped ("¡Actívame la T-3!" →
 * ["activame", "la", "t", "3"]), letters and digits written together split apart ("t3" → "t", "3") so a
 * table said as "te tres" and one the recognizer wrote as "T3" read the same.
 */
export function voiceTokens(transcript: string): string[] {
  return transcript
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/([a-zñ])(\d)/g, '$1 $2')
    .replace(/(\d)([a-zñ])/g, '$1 $2')
    .split(/[^a-zñ0-9]+/)
    .filter(Boolean);
}
