import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CloseIcon } from '../icons.tsx';
import { modalStack, useModalStack } from './modal-stack.ts';
import './modal.css';

/** Spec §9: modals stack upwards from 1060; toasts (1800) stay above them all. */
const MODAL_Z_BASE = 1060;
const MODAL_Z_STEP = 10;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  readonly open: boolean;
  readonly title: ReactNode;
  /** Called on Escape, the close button and a click on the backdrop; without it the modal cannot be dismissed. */
  readonly onClose?: () => void;
  readonly children: ReactNode;
  /** `alertdialog` for modals that interrupt (the reconnect modal). */
  readonly role?: 'dialog' | 'alertdialog';
  readonly size?: 'small' | 'medium' | 'large';
  readonly className?: string;
  /** Extra element the modal describes itself with (its main message). */
  readonly describedBy?: string;
}

/**
 * A modal dialog rendered outside the page, above it in the spec's z-index order. Not the native
 * `<dialog>`: its top layer would hide the toasts a modal's actions raise, and make them inert. Instead the
 * page beneath is made inert (see `useIsModalOpen`), Tab cycles inside, Escape closes, and focus returns to
 * where it was.
 */
export function Modal({ open, ...props }: ModalProps) {
  return open ? <OpenModal {...props} /> : null;
}

function OpenModal({
  title,
  onClose,
  children,
  role = 'dialog',
  size = 'medium',
  className,
  describedBy,
}: Omit<ModalProps, 'open'>) {
  const { t } = useTranslation('feedback');
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [id] = useState(() => Symbol('modal'));
  const stack = useModalStack();
  const depth = stack.indexOf(id);
  // Not registered yet means it is opening right now: the newest modal, so the top one (and not inert, so
  // the first focus lands).
  const isTop = depth === -1 || depth === stack.length - 1;
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Registered before paint so the page turns inert in the same frame the modal appears.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    modalStack.push(id);
    const previousOverflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      modalStack.remove(id);
      document.documentElement.style.overflow = previousOverflow;
      // Back to the control that opened it once the page is interactive again, unless the modal is still
      // there (StrictMode's development double mount).
      requestAnimationFrame(() => {
        // The panel as it is a frame later, on purpose: present again means StrictMode mounted it anew.
        // eslint-disable-next-line react-hooks/exhaustive-deps
        if (!panel.current) opener?.focus();
      });
    };
  }, [id]);

  // Focus and the keyboard are taken in layout effects: in the task that draws the modal, before it is
  // painted, so a screen reader and a key pressed at once both find the modal (a plain effect of a render
  // that no click caused, such as a live update, runs only after paint).
  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    const first =
      element.querySelector<HTMLElement>('[data-autofocus]') ?? element.querySelector<HTMLElement>(FOCUSABLE);
    // After the page beneath has turned inert (the stack's re-render is queued just before), still before
    // paint: focusing forces a layout, and one taken before that change would be done twice.
    queueMicrotask(() => (first ?? element).focus());
  }, []);

  useLayoutEffect(() => {
    if (!isTop) return;
    function onKeyDown(event: KeyboardEvent) {
      const element = panel.current;
      if (!element) return;
      if (event.key === 'Escape' && onCloseRef.current) {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (candidate) => candidate.offsetParent !== null || candidate === document.activeElement,
      );
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) {
        event.preventDefault();
        element.focus();
      } else if (event.shiftKey && (document.activeElement === first || document.activeElement === element)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isTop]);

  const zIndex = MODAL_Z_BASE + Math.max(depth, 0) * MODAL_Z_STEP;
  return createPortal(
    <div className="modal" style={{ zIndex }} inert={!isTop}>
      <div className="modal__backdrop" aria-hidden="true" onClick={() => onClose?.()} />
      <div
        ref={panel}
        className={`modal__panel modal__panel--${size}${className ? ` ${className}` : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="icon-button modal__close" onClick={onClose}>
              <CloseIcon />
              <span className="visually-hidden">{t('modal.close')}</span>
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
