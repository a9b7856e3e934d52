/**
 * What the assistant says, in Spanish: it speaks es-ES (spec §9), so these are the same words on screen
 * and aloud. The refusals are spec §8's word for word.
 */
export const VOICE_MESSAGES = {
  unsupportedBrowser: 'El reconocimiento de voz no está disponible en este navegador.',
  recognizerError: 'Hay error con el listenService',
  unintelligible: 'Lo siento, no te he entendido bien',
  unsupportedCommand: 'Todavía no puedo hacer eso, o quizá no te haya entendido bien',
  noTable: 'No se ha proporcionado ninguna mesa',
  activateFailed: 'Error activando la mesa.',
  finalizeFailed: 'Error desactivando la mesa.',
  walkInMissing:
    'No se ha podido crear el walking por que falta el nombre del comensal o el número de comensales.',
  /** A walk-in the server could not create and did not say why (the connection dropped). */
  walkInFailed: 'No se ha podido crear el walking.',
  cancelled: 'De acuerdo, no hago nada.',
  /** The day could not be read to match the table (the connection dropped). */
  offline: 'Ahora mismo no puedo hablar con el servidor. Inténtalo de nuevo.',
} as const;

/** "La mesa {n} no pertenece a ninguna reserva." (spec §8). */
export const tableWithoutReservation = (table: string) => `La mesa ${table} no pertenece a ninguna reserva.`;

/** The answers that say what was done, and the question before a change of money. */
export const voiceDone = {
  walkIn: (name: string, pax: number, tables: string | null) =>
    `Walking creado para ${name}, ${pax} ${pax === 1 ? 'persona' : 'personas'}${tables ? `, mesa ${tables}` : ''}.`,
  activated: (table: string) => `Mesa ${table} activada.`,
  finalized: (table: string) => `Mesa ${table} pasada a pago con método Otro.`,
  confirmFinalize: (table: string) =>
    `¿Paso la mesa ${table} a pago con método Otro? Di sí o toca Confirmar.`,
} as const;
