/**
 * The names of what a guest chose for a line ("50 cl", "Poco hecho"), from the line's stored choices as the
 * floor's account view sends them (`{ choiceName }` each; the contract leaves their shape open).
 */
export function choiceNames(choices: unknown): string[] {
  if (!Array.isArray(choices)) return [];
  return choices.flatMap((choice: unknown) => {
    const name = (choice as { choiceName?: unknown } | null)?.choiceName;
    return typeof name === 'string' && name.trim() !== '' ? [name.trim()] : [];
  });
}
