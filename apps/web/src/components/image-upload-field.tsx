import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { serverMessage } from '../lib/api-client.ts';

/** What the server takes (decision 061); checked here first so a wrong file fails at once. */
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 8 * 1024 * 1024;

export interface ImageUploadFieldProps {
  readonly label: string;
  readonly hint?: string;
  /** The image shown now (a `/media/...` URL), or none. */
  readonly currentUrl: string | null;
  /** Sends the file; reports progress from 0 to 1. */
  readonly upload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
  readonly remove: () => Promise<unknown>;
  /** Icons are previewed square and small; logos and photos at their proportions. */
  readonly preview?: 'icon' | 'picture';
}

/**
 * An image setting (venue logo, favicon, product photo): choose a file or drop one, see the upload's
 * progress, the stored picture, and why a file was refused. The file input is the real control (named
 * by the label, reachable by keyboard); dropping a file is an extra.
 */
export function ImageUploadField({
  label,
  hint,
  currentUrl,
  upload,
  remove,
  preview = 'picture',
}: ImageUploadFieldProps) {
  const { t } = useTranslation('admin');
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = progress !== null || removing;

  async function send(file: File) {
    setError(null);
    if (!ACCEPTED_TYPES.includes(file.type)) {
      setError(t('images.wrongType'));
      return;
    }
    if (file.size > MAX_BYTES) {
      setError(t('images.tooLarge'));
      return;
    }
    setProgress(0);
    try {
      await upload(file, setProgress);
    } catch (failure) {
      setError(serverMessage(failure, t('errors.network')));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  async function clear() {
    setError(null);
    setRemoving(true);
    try {
      await remove();
    } catch (failure) {
      setError(serverMessage(failure, t('errors.network')));
    } finally {
      setRemoving(false);
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) void send(file);
  }

  return (
    <div
      className={`image-upload${dragging ? ' image-upload--dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <div className={`image-upload__preview image-upload__preview--${preview}`}>
        {currentUrl ? (
          <img src={currentUrl} alt={t('images.current', { label })} />
        ) : (
          <span className="muted">{t('images.none')}</span>
        )}
      </div>
      <div className="image-upload__controls">
        <label htmlFor={inputId} className="image-upload__label">
          {label}
        </label>
        <p id={hintId} className="muted image-upload__hint">
          {hint ? `${hint} ${t('images.rules')}` : t('images.rules')}
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          className="image-upload__input"
          accept={ACCEPTED_TYPES.join(',')}
          aria-describedby={hintId}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void send(file);
          }}
        />
        {progress !== null && (
          <progress
            className="image-upload__progress"
            max={1}
            value={progress}
            aria-label={t('images.uploading', { label })}
          />
        )}
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        {currentUrl && (
          <button type="button" className="button button--quiet" disabled={busy} onClick={() => void clear()}>
            {t('images.remove', { label })}
          </button>
        )}
      </div>
    </div>
  );
}
