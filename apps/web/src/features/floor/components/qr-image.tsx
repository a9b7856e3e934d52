import { useEffect, useState } from 'react';

/** A QR of `text` drawn by the `qrcode` encoder, loaded only when a QR is shown. */
export function QrImage({ text, label }: { readonly text: string; readonly label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (module) => {
      const url = await module.toDataURL(text, { margin: 4, width: 320, errorCorrectionLevel: 'M' });
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img className="floor-qr" src={src} alt={label} width={320} height={320} />
  ) : (
    <div className="floor-qr floor-qr--loading" aria-busy="true" />
  );
}
