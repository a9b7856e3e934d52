/**
 * Text as the staff screens compare it (a product search, a menu's type): without accents or case, so "cafe"
 * finds "Café" and "Desayunos" is "desayunos".
 */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
