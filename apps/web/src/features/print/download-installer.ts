import { saveBlob } from '../../lib/api-document.ts';
import { storage } from '../../lib/storage.ts';

/** Spec §7: the helper's installer, named by content-disposition. */
export const INSTALLER_PATH = '/world/api/wewingman/download';
const FALLBACK_FILE_NAME = 'sobremesa-print-helper.tar.gz';

/** The file name of a `content-disposition` header (`filename*=UTF-8''…` or `filename="…"`). */
export function fileNameOf(contentDisposition: string | null): string {
  if (!contentDisposition) return FALLBACK_FILE_NAME;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // Badly encoded: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition);
  return plain?.[1]?.trim() || FALLBACK_FILE_NAME;
}

/**
 * Downloads the installer with the staff session (a bearer token, so a plain link would not do) and hands it
 * to the browser as a file. Rejects when the download fails; the caller alerts.
 */
export async function downloadInstaller(): Promise<string> {
  const token = storage.token.get();
  const response = await fetch(INSTALLER_PATH, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`installer download failed: HTTP ${response.status}`);
  const fileName = fileNameOf(response.headers.get('content-disposition'));
  saveBlob(await response.blob(), fileName);
  return fileName;
}
