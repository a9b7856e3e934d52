/**
 * The staff voice assistant's understanding (issue 28, spec §4, §5, §8, §9): Spanish phrases to walk-in,
 * reactivate and finalize commands matched against the venue's tables, and what the assistant answers.
 * The reservation a table command acts on is `voiceCommandTarget` (reservation-status/voice.ts).
 */
export * from './spanish-numbers.ts';
export * from './voice-tokens.ts';
export * from './intents.ts';
export * from './voice-tables.ts';
export * from './parse-command.ts';
export * from './voice-messages.ts';
