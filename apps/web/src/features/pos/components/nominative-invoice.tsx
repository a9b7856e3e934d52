import type { BillView } from '@sobremesa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { FailureNotice } from '../../../components/failure-notice.tsx';
import { ApiError, isServerError } from '../../../lib/api-client.ts';
import type { useNominativeInvoice } from '../api/nominative-invoice.ts';
import { clientFiscalInfosQuery } from '../api/pos-api.ts';
import {
  CLIENT_FIELDS,
  clientDataOf,
  EMPTY_CLIENT_FORM,
  formOfClient,
  refusedClientFields,
  type ClientField,
  type ClientForm,
} from '../client-data.ts';
import { posErrorText } from '../pos-errors.ts';
import { newIdempotencyKey } from '../../../lib/random-key.ts';

/** How each field is typed: the keyboard a tablet shows and what the browser may fill in. */
const FIELD_INPUTS: Readonly<
  Record<ClientField, { autoComplete: string; maxLength: number; inputMode?: 'email' | 'text' }>
> = {
  name: { autoComplete: 'organization', maxLength: 200 },
  taxId: { autoComplete: 'off', maxLength: 20 },
  address: { autoComplete: 'street-address', maxLength: 300 },
  postalCode: { autoComplete: 'postal-code', maxLength: 12 },
  city: { autoComplete: 'address-level2', maxLength: 100 },
  country: { autoComplete: 'country', maxLength: 2 },
  email: { autoComplete: 'email', maxLength: 254, inputMode: 'email' },
};
const REQUIRED: ReadonlySet<ClientField> = new Set(['name', 'taxId']);
/** Searching waits for a pause in the typing: one call per word, not per letter. */
const SEARCH_PAUSE_MS = 300;

export interface NominativeInvoiceProps {
  /** The issued simplified invoice (ticket) the nominative invoice replaces. */
  readonly ticket: BillView;
  /** The write that makes it: its reply takes the ticket's place on screen. */
  readonly issuing: ReturnType<typeof useNominativeInvoice>;
  readonly onCancel: () => void;
}

/**
 * The nominative invoice (factura a nombre de una empresa o cliente) replacing an issued ticket: the
 * client's fiscal data, typed or taken from a known client, and the refused fields shown at their place.
 */
export function NominativeInvoice({ ticket, issuing, onCancel }: NominativeInvoiceProps) {
  const { t } = useTranslation('pos');
  const id = useId();
  const inputs = useRef<Partial<Record<ClientField, HTMLInputElement | null>>>({});
  const [form, setForm] = useState<ClientForm>(EMPTY_CLIENT_FORM);
  const [refused, setRefused] = useState<readonly ClientField[]>([]);
  // One key per attempt: a retry after a lost reply gets the invoice already made, not a second one.
  const [key, setKey] = useState(newIdempotencyKey);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const clients = useQuery({ ...clientFiscalInfosQuery(query), enabled: query !== '' });

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  // In the task that shows the form, so a key pressed at once lands in its first field (decision 018).
  useLayoutEffect(() => inputs.current.name?.focus(), []);

  const failure = issuing.isError ? posErrorText(issuing.error, t, 'errors.invoice') : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (issuing.isPending) return;
    issuing.mutate(
      { billId: ticket.id, clientData: clientDataOf(form), idempotencyKey: key },
      {
        onError: (error) => {
          const fields = error instanceof ApiError ? refusedClientFields(error.fields) : [];
          setRefused(fields);
          if (isServerError(error)) setKey(newIdempotencyKey());
          const first = fields[0];
          if (first) inputs.current[first]?.focus();
        },
      },
    );
  }

  const fieldId = (field: ClientField) => `${id}-${field}`;

  return (
    <section className="pos-nominative" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="pos-nominative__heading">
        {t('nominative.heading', { number: ticket.invoiceNumber ?? String(ticket.id) })}
      </h3>

      <div className="field pos-field">
        <label htmlFor={`${id}-search`}>{t('nominative.search')}</label>
        <input
          id={`${id}-search`}
          className="input"
          type="search"
          autoComplete="off"
          maxLength={100}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {query !== '' && clients.data && (
        <div aria-live="polite">
          {clients.data.items.length === 0 ? (
            <p className="muted">{t('nominative.noClients')}</p>
          ) : (
            <ul className="pos-nominative__clients" aria-label={t('nominative.clients')}>
              {clients.data.items.map((client) => (
                <li key={client.id}>
                  <button
                    type="button"
                    className="button button--large button--block pos-nominative__client"
                    onClick={() => {
                      setForm(formOfClient(client));
                      setRefused([]);
                      inputs.current.name?.focus();
                    }}
                  >
                    {[client.name, client.taxId, client.city].filter(Boolean).join(' · ')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <form className="pos-form pos-nominative__form" onSubmit={submit} noValidate>
        {CLIENT_FIELDS.map((field) => {
          const wrong = refused.includes(field);
          return (
            <div key={field} className="field pos-field" data-field={field}>
              <label htmlFor={fieldId(field)}>
                {t(`nominative.fields.${field}`)}
                {!REQUIRED.has(field) && <span className="muted"> ({t('nominative.optional')})</span>}
              </label>
              <input
                ref={(element) => {
                  inputs.current[field] = element;
                }}
                id={fieldId(field)}
                className="input"
                type={field === 'email' ? 'email' : 'text'}
                {...FIELD_INPUTS[field]}
                aria-required={REQUIRED.has(field)}
                aria-invalid={wrong}
                aria-describedby={wrong ? `${fieldId(field)}-error` : undefined}
                value={form[field]}
                onChange={(event) => setForm({ ...form, [field]: event.target.value })}
              />
              {wrong && (
                <p id={`${fieldId(field)}-error`} className="pos-field__error">
                  {t(`nominative.invalid.${field}`)}
                </p>
              )}
            </div>
          );
        })}
        <FailureNotice message={failure} />
        <div className="pos-actions">
          <button
            type="submit"
            className="button button--primary button--large"
            aria-busy={issuing.isPending}
          >
            {t('nominative.issue')}
          </button>
          <button type="button" className="button button--large" onClick={onCancel}>
            {t('nominative.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
