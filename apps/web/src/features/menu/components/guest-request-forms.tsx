import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { findGuest } from '../../../lib/guest-menu/menu-api.ts';
import { fetchAllergens } from '../api/guest-request-api.ts';

/*
 * The forms of the guest's requests (decision 009): the bill with its payment method, the allergens, and a
 * line of text (a comment, a name). Each hands its value to the requests' dialog, which sends it.
 */

export type PaymentMethod = 'cash' | 'card' | 'other';

/** The allergens this guest declared, as the server keeps them (user/find). */
export const declaredAllergensKey = (uid: string) => ['menu', 'declared-allergens', uid] as const;

export function BillForm({
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

export function AllergensForm({
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

export function TextForm({
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
