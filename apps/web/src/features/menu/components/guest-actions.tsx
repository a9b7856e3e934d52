import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal/modal.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { findGuest } from '../api/menu-api.ts';
import { fetchAllergens, sendGuestRequest, type GuestRequest } from '../api/guest-request-api.ts';
import { newIdempotencyKey } from '../../../lib/random-key.ts';

type PaymentMethod = 'cash' | 'card' | 'other';
type View = 'list' | 'bill' | 'allergens' | 'comment' | 'name';

/** The allergens this guest declared, as the server keeps them (user/find). */
const declaredAllergensKey = (uid: string) => ['menu', 'declared-allergens', uid] as const;

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

function BillForm({
  formId,
  methods,
  due,
  busy,
  onSubmit,
}: {
  formId: string;
  methods: readonly PaymentMethod[];
  due: string | null;
  busy: boolean;
  onSubmit: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation('menu');
  const [method, setMethod] = useState<PaymentMethod>(methods[0] ?? 'card');
  return (
    <form
      className="menu-actions__form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(method);
      }}
    >
      {due !== null && (
        <p className="menu-actions__due">
          {t('actions.due')} <strong>{due}</strong>
        </p>
      )}
      <fieldset className="menu-choice">
        <legend className="menu-choice__legend">{t('actions.paymentMethod')}</legend>
        {methods.map((candidate) => (
          <label key={candidate} className="menu-choice__option">
            <input
              type="radio"
              name={`${formId}-method`}
              checked={method === candidate}
              onChange={() => setMethod(candidate)}
            />
            <span className="menu-choice__name">{t(`actions.methods.${candidate}`)}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary button--block button--large" disabled={busy}>
        {t('actions.requestBill')}
      </button>
    </form>
  );
}

function AllergensForm({
  uid,
  busy,
  onSubmit,
}: {
  uid: string;
  busy: boolean;
  onSubmit: (ids: number[]) => void;
}) {
  const { t } = useTranslation('menu');
  const allergens = useQuery({
    queryKey: ['menu', 'allergens'],
    queryFn: fetchAllergens,
    staleTime: Infinity,
  });
  // What the guest saved before, so reopening the form shows it rather than an empty list.
  const declared = useQuery({
    queryKey: declaredAllergensKey(uid),
    queryFn: async () => (await findGuest(uid)).allergensId ?? [],
    staleTime: Infinity,
  });
  if (allergens.isPending || declared.isPending) return <p role="status">{t('loading')}</p>;
  if (allergens.isError || declared.isError)
    return <p className="notice notice--error">{t('actions.failed')}</p>;
  return (
    <AllergenChoices allergens={allergens.data} initial={declared.data} busy={busy} onSubmit={onSubmit} />
  );
}

function AllergenChoices({
  allergens,
  initial,
  busy,
  onSubmit,
}: {
  allergens: readonly { id: number; name: string }[];
  initial: readonly number[];
  busy: boolean;
  onSubmit: (ids: number[]) => void;
}) {
  const { t } = useTranslation('menu');
  const [chosen, setChosen] = useState<number[]>([...initial]);
  return (
    <form
      className="menu-actions__form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(chosen);
      }}
    >
      <fieldset className="menu-choice">
        <legend className="menu-choice__legend">{t('actions.allergensLabel')}</legend>
        {allergens.map((allergen) => (
          <label key={allergen.id} className="menu-choice__option">
            <input
              type="checkbox"
              checked={chosen.includes(allergen.id)}
              onChange={() =>
                setChosen((current) =>
                  current.includes(allergen.id)
                    ? current.filter((id) => id !== allergen.id)
                    : [...current, allergen.id],
                )
              }
            />
            <span className="menu-choice__name">{allergen.name}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary button--block button--large" disabled={busy}>
        {t('actions.save')}
      </button>
    </form>
  );
}

function TextForm({
  formId,
  label,
  initial = '',
  multiline = false,
  busy,
  submitLabel,
  emptyMessage,
  onSubmit,
}: {
  formId: string;
  label: string;
  initial?: string;
  multiline?: boolean;
  busy: boolean;
  submitLabel: string;
  emptyMessage: string;
  onSubmit: (text: string) => void;
}) {
  const [text, setText] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const inputId = `${formId}-text`;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSubmit(text.trim());
  }
  return (
    <form className="menu-actions__form" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
        {multiline ? (
          <textarea
            id={inputId}
            className="input"
            rows={3}
            maxLength={2000}
            value={text}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${inputId}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        ) : (
          <input
            id={inputId}
            className="input"
            maxLength={120}
            autoComplete="given-name"
            value={text}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${inputId}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        )}
        {invalid && (
          <p id={`${inputId}-error`} className="field__hint menu-field-error">
            {emptyMessage}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary button--block button--large" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
