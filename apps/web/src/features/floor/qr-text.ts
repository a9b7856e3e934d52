/**
 * The account QR's text: the server's invitation url (`<origin>/menu?uid=<code>`, what a guest's phone
 * opens) with the account's `wid` added, so a staff tablet that scans it can open the account; the guest
 * menu ignores the extra parameter.
 */
export function accountQrText(url: string, wid: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}wid=${encodeURIComponent(wid)}`;
}

/** What a scanned text names for search-account: our QR's `wid`, else the text itself (a wid typed into a QR). */
export function scannedAccountQuery(text: string): string {
  try {
    const url = new URL(text);
    return url.searchParams.get('wid') ?? url.searchParams.get('uid') ?? text.trim();
  } catch {
    return text.trim();
  }
}
