import type { Catalog } from './catalog.ts';

/** Server messages of image uploads and the menu's CSV import (issue 22, decision 061). */
export const MEDIA_MESSAGES = {
  image_too_large: {
    es: 'La imagen es demasiado grande: como máximo {max} MB.',
    en: 'The image is too large: {max} MB at most.',
    de: 'Das Bild ist zu groß: höchstens {max} MB.',
    fr: "L'image est trop volumineuse : {max} Mo au maximum.",
    eu: 'Irudia handiegia da: gehienez {max} MB.',
    ca: 'La imatge és massa gran: com a màxim {max} MB.',
    it: "L'immagine è troppo grande: al massimo {max} MB.",
    gl: 'A imaxe é demasiado grande: como máximo {max} MB.',
    pt: 'A imagem é demasiado grande: no máximo {max} MB.',
  },
  image_type_refused: {
    es: 'Sube una imagen JPEG, PNG o WebP.',
    en: 'Upload a JPEG, PNG or WebP image.',
    de: 'Lade ein JPEG-, PNG- oder WebP-Bild hoch.',
    fr: 'Envoyez une image JPEG, PNG ou WebP.',
    eu: 'Igo JPEG, PNG edo WebP irudi bat.',
    ca: 'Puja una imatge JPEG, PNG o WebP.',
    it: "Carica un'immagine JPEG, PNG o WebP.",
    gl: 'Sube unha imaxe JPEG, PNG ou WebP.',
    pt: 'Carregue uma imagem JPEG, PNG ou WebP.',
  },
  image_unreadable: {
    es: 'No se puede leer la imagen: puede estar dañada o ser demasiado grande en píxeles.',
    en: 'The image cannot be read: it may be damaged or too large in pixels.',
    de: 'Das Bild kann nicht gelesen werden: Es ist vielleicht beschädigt oder hat zu viele Pixel.',
    fr: "Impossible de lire l'image : elle est peut-être endommagée ou trop grande en pixels.",
    eu: 'Ezin da irudia irakurri: hondatuta egon daiteke edo pixeletan handiegia izan.',
    ca: 'No es pot llegir la imatge: pot estar malmesa o ser massa gran en píxels.',
    it: "Impossibile leggere l'immagine: potrebbe essere danneggiata o troppo grande in pixel.",
    gl: 'Non se pode ler a imaxe: pode estar danada ou ser demasiado grande en píxeles.',
    pt: 'Não é possível ler a imagem: pode estar danificada ou ser demasiado grande em píxeis.',
  },
  csv_invalid: {
    es: 'El CSV tiene errores; no se ha cambiado nada. Corrige las filas indicadas y vuelve a importarlo.',
    en: 'The CSV has errors; nothing was changed. Fix the rows shown and import it again.',
    de: 'Die CSV-Datei enthält Fehler; nichts wurde geändert. Korrigiere die genannten Zeilen und importiere sie erneut.',
    fr: "Le CSV contient des erreurs ; rien n'a été modifié. Corrigez les lignes indiquées et importez-le à nouveau.",
    eu: 'CSVak akatsak ditu; ez da ezer aldatu. Zuzendu adierazitako errenkadak eta inportatu berriro.',
    ca: "El CSV té errors; no s'ha canviat res. Corregeix les files indicades i torna a importar-lo.",
    it: 'Il CSV contiene errori; non è stato modificato nulla. Correggi le righe indicate e importalo di nuovo.',
    gl: 'O CSV ten erros; non se cambiou nada. Corrixe as filas indicadas e volve importalo.',
    pt: 'O CSV tem erros; nada foi alterado. Corrija as linhas indicadas e importe-o de novo.',
  },
} as const satisfies Record<string, Catalog>;
