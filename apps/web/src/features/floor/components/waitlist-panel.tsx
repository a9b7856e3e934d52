import type { GetByDayResponse, WaitlistEntry } from '@sobremesa/contracts';
import { paxProblem, parseDecimalInput, parseOffsetDateTime } from '@sobremesa/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { newIdempotencyKey } from '../../../lib/random-key.ts';
import { useFloorWrite, type FloorCalls } from '../api/floor-api.ts';
import { floorErrorText } from '../floor-errors.ts';
import { Field, FormAlert, paxMessageKey, TablePicker } from './floor-forms.tsx';

type Table = GetByDayResponse['tables'][number];

const EMPTY_PARTY = { name: '', pax: '2', phone: '' };

/** A wait as the host says it: "ahora" or "20 min". */
export function useWaitText() {
  const { t } = useTranslation('floor');
  return (minutes: number) => (minutes === 0 ? t('waitlist.now') : t('waitlist.minutes', { minutes }));
}

/**
 * The walk-in waitlist of the Sala tablets (issue 18 item 9, decision 037): today's waiting parties,
 * first come first, each with the wait it was quoted, how long it has waited and its wait as the floor
 * stands now; "Sentar" seats it on the best free table, "Elegir mesa" on any free table the host picks,
 * "Quitar" takes it off the list (it left, or the host cancels it). The list is the server's, refetched on
 * every `waitlist.*` event, so every tablet shows the same. A party may also be added here directly.
 */
export function WaitlistPanel(props: {
  readonly entries: readonly WaitlistEntry[];
  /** The venue's time now (ISO), for the time waited. */
  readonly now: string;
  readonly tables: readonly Table[];
  readonly calls: FloorCalls;
  readonly onDone: (message: string) => void;
}) {
  const { t } = useTranslation('floor');
  const waitText = useWaitText();
  const [picking, setPicking] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [tableIds, setTableIds] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { write, busy } = useFloorWrite();
  const [key, setKey] = useState(newIdempotencyKey);
  const [party, setParty] = useState(EMPTY_PARTY);
  const now = parseOffsetDateTime(props.now).getTime();
  const freeTables = props.tables.filter((table) => table.active && table.state === 'free');

  /** Resolves once the floor and the list show the change; the message is said then. */
  async function run<T>(send: () => Promise<T>, done: (reply: T) => string) {
    setError(null);
    try {
      const reply = await write({ send, waitlist: true });
      setPicking(null);
      setRemoving(null);
      setTableIds([]);
      setKey(newIdempotencyKey());
      props.onDone(done(reply));
    } catch (failure) {
      setKey(newIdempotencyKey());
      setError(floorErrorText(failure, t));
    }
  }

  const seat = (entry: WaitlistEntry, chosen: readonly number[] | null) =>
    run(
      () => props.calls.seatFromWaitlist(entry.id, chosen, key),
      () => t('done.seat', { name: entry.name }),
    );

  const remove = (entry: WaitlistEntry, reason: 'left' | 'cancelled') =>
    run(
      () => props.calls.removeFromWaitlist(entry.id, reason),
      () => t('waitlist.removed', { name: entry.name }),
    );

  function add(event: FormEvent) {
    event.preventDefault();
    const problem = paxProblem(party.pax);
    if (problem) return setError(t(paxMessageKey(problem)));
    if (party.name.trim() === '') return setError(t('form.nameRequired'));
    const phone = party.phone.trim();
    void run(
      () =>
        props.calls.addToWaitlist({
          name: party.name.trim(),
          pax: parseDecimalInput(party.pax) ?? 0,
          ...(phone === '' ? {} : { phone }),
        }),
      ({ entry }) => {
        setParty(EMPTY_PARTY);
        return t('waitlist.added', { name: entry.name, wait: waitText(entry.quotedMinutes) });
      },
    );
  }

  const set = (field: keyof typeof party) => (event: { target: { value: string } }) =>
    setParty((current) => ({ ...current, [field]: event.target.value }));

  return (
    <div className="floor-waitlist">
      <form className="floor-waitlist__add" onSubmit={add} noValidate>
        <Field label={t('form.name')}>
          <input
            className="floor-input"
            value={party.name}
            maxLength={60}
            autoComplete="off"
            onChange={set('name')}
          />
        </Field>
        <Field label={t('form.pax')}>
          <input className="floor-input" inputMode="numeric" value={party.pax} onChange={set('pax')} />
        </Field>
        <Field label={t('form.phone')}>
          <input className="floor-input" type="tel" value={party.phone} onChange={set('phone')} />
        </Field>
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {t('waitlist.add')}
        </button>
      </form>
      <FormAlert message={error} />
      {props.entries.length === 0 ? (
        <p className="muted">{t('waitlist.empty')}</p>
      ) : (
        <ol className="floor-waitlist__entries">
          {props.entries.map((entry) => {
            const waited = Math.max(
              0,
              Math.floor((now - parseOffsetDateTime(entry.createdAt).getTime()) / 60_000),
            );
            return (
              <li key={entry.id} className="floor-waitlist__entry">
                <div className="floor-waitlist__party">
                  <strong>
                    {entry.name} · {entry.pax}
                  </strong>
                  {entry.phone && <span>{entry.phone}</span>}
                  {entry.notes && <span className="muted">{entry.notes}</span>}
                </div>
                <dl className="floor-waitlist__times">
                  <div>
                    <dt>{t('waitlist.quoted')}</dt>
                    <dd>{waitText(entry.quotedMinutes)}</dd>
                  </div>
                  <div>
                    <dt>{t('waitlist.waited')}</dt>
                    <dd>{t('waitlist.minutes', { minutes: waited })}</dd>
                  </div>
                  <div>
                    <dt>{t('waitlist.estimate')}</dt>
                    <dd data-ready={entry.estimatedMinutes === 0 || undefined}>
                      {entry.estimatedMinutes === null
                        ? '—'
                        : entry.estimatedMinutes === 0
                          ? t('waitlist.tableFree')
                          : waitText(entry.estimatedMinutes)}
                    </dd>
                  </div>
                </dl>
                <div
                  className="floor-waitlist__actions"
                  role="group"
                  aria-label={t('waitlist.actions', { name: entry.name })}
                >
                  <button
                    type="button"
                    className="button button--primary button--large"
                    disabled={busy}
                    onClick={() => void seat(entry, null)}
                  >
                    {t('waitlist.seat')}
                  </button>
                  <button
                    type="button"
                    className="button button--large"
                    aria-expanded={picking === entry.id}
                    onClick={() => {
                      setPicking(picking === entry.id ? null : entry.id);
                      setRemoving(null);
                      setTableIds([]);
                    }}
                  >
                    {t('waitlist.pickTable')}
                  </button>
                  <button
                    type="button"
                    className="button button--large"
                    aria-expanded={removing === entry.id}
                    onClick={() => {
                      setRemoving(removing === entry.id ? null : entry.id);
                      setPicking(null);
                    }}
                  >
                    {t('waitlist.remove')}
                  </button>
                </div>
                {picking === entry.id && (
                  <div className="floor-waitlist__pick">
                    <TablePicker tables={freeTables} selected={tableIds} onChange={setTableIds} showSeats />
                    <button
                      type="button"
                      className="button button--primary button--large"
                      disabled={busy || tableIds.length === 0}
                      onClick={() => void seat(entry, tableIds)}
                    >
                      {t('waitlist.seatHere')}
                    </button>
                  </div>
                )}
                {removing === entry.id && (
                  <div
                    className="floor-waitlist__pick"
                    role="group"
                    aria-label={t('waitlist.removeQuestion', { name: entry.name })}
                  >
                    <p>{t('waitlist.removeQuestion', { name: entry.name })}</p>
                    <button
                      type="button"
                      className="button button--large"
                      disabled={busy}
                      onClick={() => void remove(entry, 'left')}
                    >
                      {t('waitlist.left')}
                    </button>
                    <button
                      type="button"
                      className="button button--large"
                      disabled={busy}
                      onClick={() => void remove(entry, 'cancelled')}
                    >
                      {t('waitlist.cancelled')}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
