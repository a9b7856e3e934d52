import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Modal } from '../../../components/modal/modal.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { sendGuestRequest, type GuestRequest } from '../api/guest-request-api.ts';
import { newIdempotencyKey } from '../../../lib/random-key.ts';
import {
  AllergensForm,
  BillForm,
  declaredAllergensKey,
  TextForm,
  type PaymentMethod,
} from './guest-request-forms.tsx';

type View = 'list' | 'bill' | 'allergens' | 'comment' | 'name';

/** What takes focus when a view opens: its first control. */
const FIRST_CONTROL = 'input:not([disabled]), textarea:not([disabled]), button:not([disabled])';

interface GuestActionsProps {
  readonly uid: string;
  readonly userName: string;
  readonly paymentMethods: readonly PaymentMethod[];
  /** What is left to pay on the table's bill, shown with the bill request; null while unknown. */
  readonly dueCents: number | null;
  readonly formatMoney: (cents: number) => string;
  readonly onRenamed: (name: string) => void;
  readonly onClose: () => void;
}

/**
 * The guest's requests from the phone (decision 009): ready to order, call staff, the bill with a payment
 * method, allergens, a comment, their name. Each reaches staff as a notification; the guest sees a toast
 * saying so, or the reason it failed. A request keeps its Idempotency-Key until it succeeds, so a retried
 * tap rings staff once.
 */
export function GuestActions({
  uid,
  userName,
  paymentMethods,
  dueCents,
  formatMoney,
  onRenamed,
  onClose,
}: GuestActionsProps) {
  const { t } = useTranslation('menu');
  const [view, setView] = useState<View>('list');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keys = useRef(new Map<string, string>());
  const formId = useId();
  const queryClient = useQueryClient();
  const viewRef = useRef<HTMLDivElement>(null);
  const cameFrom = useRef<View | null>(null);

  function go(next: View) {
    cameFrom.current = view;
    setView(next);
  }

  // The control that opened a view is gone once it opens: keep a keyboard or screen reader user's focus in
  // the dialog, on the new view's first control (the dialog itself while it loads), or back on the button
  // of the view they leave. (When the dialog opens, the modal itself focuses its first control.)
  useLayoutEffect(() => {
    const container = viewRef.current;
    if (cameFrom.current === null || !container) return;
    const target =
      view === 'list'
        ? container.querySelector<HTMLElement>(`[data-view="${cameFrom.current}"]`)
        : container.querySelector<HTMLElement>(FIRST_CONTROL);
    (target ?? container.closest<HTMLElement>('[role="dialog"]'))?.focus();
  }, [view]);

  async function send(request: GuestRequest, success: string): Promise<boolean> {
    const signature = JSON.stringify(request);
    const key = keys.current.get(signature) ?? newIdempotencyKey();
    keys.current.set(signature, key);
    setBusy(true);
    setError(null);
    try {
      await sendGuestRequest(uid, request, key);
      keys.current.delete(signature);
      toast.success(success);
      return true;
    } catch (failure) {
      const message = serverMessage(failure, t('actions.failed'));
      setError(message);
      toast.error(message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** Sends from a click or a form; `send` never rejects (it shows its own failure), so nothing is left unawaited. */
  function sendThen(request: GuestRequest, success: string, then: () => void): void {
    void send(request, success).then((sent) => {
      if (sent) then();
    });
  }

  const titles: Record<View, string> = {
    list: t('actions.title'),
    bill: t('actions.bill'),
    allergens: t('actions.allergens'),
    comment: t('actions.comment'),
    name: t('actions.name'),
  };

  return (
    <Modal open title={titles[view]} onClose={onClose} className="menu-actions">
      <div ref={viewRef}>
        {view === 'list' && (
          <ul className="menu-actions__list">
            <li>
              <button
                type="button"
                className="button button--block button--large"
                disabled={busy}
                onClick={() => sendThen({ kind: 'ready' }, t('actions.readySent'), onClose)}
              >
                {t('actions.ready')}
              </button>
            </li>
            <li>
              <button
                type="button"
                className="button button--block button--large"
                disabled={busy}
                onClick={() => sendThen({ kind: 'callStaff' }, t('actions.callStaffSent'), onClose)}
              >
                {t('actions.callStaff')}
              </button>
            </li>
            {(['bill', 'allergens', 'comment', 'name'] as const).map((next) => (
              <li key={next}>
                <button
                  type="button"
                  className="button button--block button--large"
                  data-view={next}
                  onClick={() => go(next)}
                >
                  {titles[next]}
                </button>
              </li>
            ))}
          </ul>
        )}
        {view === 'bill' && (
          <BillForm
            formId={formId}
            methods={paymentMethods}
            due={dueCents === null ? null : formatMoney(dueCents)}
            busy={busy}
            onSubmit={(paymentMethod) =>
              sendThen({ kind: 'bill', paymentMethod }, t('actions.billSent'), onClose)
            }
          />
        )}
        {view === 'allergens' && (
          <AllergensForm
            uid={uid}
            busy={busy}
            onSubmit={(allergensId) =>
              sendThen({ kind: 'allergens', allergensId }, t('actions.allergensSent'), () => {
                queryClient.setQueryData(declaredAllergensKey(uid), allergensId);
                onClose();
              })
            }
          />
        )}
        {view === 'comment' && (
          <TextForm
            formId={formId}
            label={t('actions.commentLabel')}
            multiline
            busy={busy}
            submitLabel={t('actions.send')}
            emptyMessage={t('actions.commentRequired')}
            onSubmit={(comment) => sendThen({ kind: 'comment', comment }, t('actions.commentSent'), onClose)}
          />
        )}
        {view === 'name' && (
          <TextForm
            formId={formId}
            label={t('actions.nameLabel')}
            initial={userName}
            busy={busy}
            submitLabel={t('actions.save')}
            emptyMessage={t('join.nameRequired')}
            onSubmit={(userName) =>
              sendThen({ kind: 'name', userName }, t('actions.nameSent'), () => {
                onRenamed(userName);
                onClose();
              })
            }
          />
        )}
        {error && view !== 'list' && (
          <p className="notice notice--error menu-actions__error" role="alert">
            {error}
          </p>
        )}
        {view !== 'list' && (
          <button type="button" className="button button--quiet button--block" onClick={() => go('list')}>
            {t('actions.back')}
          </button>
        )}
      </div>
    </Modal>
  );
}
