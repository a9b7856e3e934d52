import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import './qr-scan.css';

/** Spec §9: one decode attempt per second. */
export const QR_DECODE_INTERVAL_MS = 1000;

type Decoder = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;

let decoderPromise: Promise<Decoder> | null = null;
/** jsQR is loaded only when a staff screen opens the scanner (never on guest routes). */
function loadDecoder(): Promise<Decoder> {
  decoderPromise ??= import('jsqr').then((module) => {
    const jsQR = module.default;
    return (data, width, height) => jsQR(data, width, height, { inversionAttempts: 'attemptBoth' });
  });
  return decoderPromise;
}

export interface QrScannerProps {
  /** Called once with the decoded text; the camera is stopped first. */
  readonly onResult: (text: string) => void;
  /** Spec §9: the rear camera by default, the front one on the kiosk (the guest faces it). */
  readonly facing?: 'environment' | 'user';
  /** The camera's name and its failure, when the screen has texts of its own (the kiosk's namespace). */
  readonly labels?: { readonly camera: string; readonly cameraError: string };
}

/**
 * The tablet camera (rear by default) with a decode every second. Success stops the camera and reports;
 * a frame without a code just waits for the next attempt. When the camera cannot start, an alert says so, and
 * why when the page is one where browsers give no camera at all.
 */
export function QrScanner({ onResult, facing = 'environment', labels }: QrScannerProps) {
  const { t } = useTranslation('floor');
  const videoRef = useRef<HTMLVideoElement>(null);
  // 'insecure': the page is no secure context (the venue's plain-HTTP LAN address), where browsers give no camera.
  const [failed, setFailed] = useState<'camera' | 'insecure' | null>(null);
  const latest = useRef(onResult);
  useEffect(() => {
    latest.current = onResult;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const stop = () => {
      stopped = true;
      if (timer !== undefined) window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };

    async function start() {
      if (typeof navigator.mediaDevices?.getUserMedia !== 'function') return setFailed('insecure');
      try {
        const decode = await loadDecoder();
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: facing } },
          audio: false,
        });
        if (stopped) return stop();
        const video = videoRef.current;
        if (!video) return stop();
        video.srcObject = stream;
        await video.play();
        const attempt = () => {
          if (stopped) return;
          const width = video.videoWidth;
          const height = video.videoHeight;
          if (width > 0 && height > 0) {
            canvas.width = width;
            canvas.height = height;
            const context = canvas.getContext('2d', { willReadFrequently: true });
            if (context) {
              context.drawImage(video, 0, 0, width, height);
              const code = decode(context.getImageData(0, 0, width, height).data, width, height);
              if (code && code.data) {
                stop();
                latest.current(code.data);
                return;
              }
            }
          }
          timer = window.setTimeout(attempt, QR_DECODE_INTERVAL_MS);
        };
        timer = window.setTimeout(attempt, QR_DECODE_INTERVAL_MS);
      } catch {
        stop();
        setFailed('camera');
      }
    }
    void start();
    return stop;
  }, [facing]);

  return (
    <div className="qr-scan">
      {failed ? (
        <p className="notice notice--error" role="alert">
          <span className="notice__body">
            {labels?.cameraError ?? t(failed === 'insecure' ? 'qr.cameraInsecure' : 'qr.cameraError')}
          </span>
        </p>
      ) : (
        <video
          ref={videoRef}
          className="qr-scan__video"
          muted
          playsInline
          aria-label={labels?.camera ?? t('qr.camera')}
        />
      )}
    </div>
  );
}
