/**
 * The menu card's picture: an uploaded photo's 400 px rendition (the server keeps `/media/<key>-1200.webp`
 * and `-400.webp`, decision 061); any other URL as it is.
 */
export function cardPictureUrl(url: string): string {
  return url.replace(/^(\/media\/[0-9a-f]{32})-1200\.webp$/, '$1-400.webp');
}
