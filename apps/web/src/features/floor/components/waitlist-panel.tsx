import type { GetByDayResponse, WaitlistEntry } from '@sobremesa/contracts';
import { parseOffsetDateTime } from '@sobremesa/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../lib/random-key.ts';
import type { FloorCalls } from '../api/floor-api.ts';
import { floorErrorText } from '../floor-errors.ts';
import { FormAlert, TablePicker } from './floor-forms.tsx';

type Table = GetByDayResponse['tables'][number];

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
 * every `waitlist.*` event, so every tablet shows the same.
 */
export function WaitlistPanel(props: {
  readonly entries: readonly WaitlistEntry[];
  /** The venue's time now (ISO), for the time waited. */
  readonly now: string;
  readonly tables: readonly Table[];
  readonly calls: FloorCalls;
  /** After a change, so the floor and the list show it at once. */
  readonly onChanged: () => Promise<void>;
  readonly onDone: (message: string) => void;
}) {
  const { t } = useTranslation('floor');
  const waitText = useWaitText();
  const [picking, setPicking] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [tableIds, setTableIds] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const now = parseOffsetDateTime(props.now).getTime();
  const freeTables = props.tables.filter((table) => table.active && table.state === 'free');

  async function run(work: () => Promise<string>) {
    setBusy(true);
    setError(null);
    try {
      const message = await work();
      setPicking(null);
      setRemoving(null);
      setTableIds([]);
      setKey(newIdempotencyKey());
      await props.onChanged();
      props.onDone(message);
    } catch (failure) {
      setKey(newIdempotencyKey());
      setError(floorErrorText(failure, t));
      await props.onChanged();
    } finally {
      setBusy(false);
    }
  }

  const seat = (entry: WaitlistEntry, chosen: readonly number[] | null) =>
    run(async () => {
      await props.calls.seatFromWaitlist(entry.id, chosen, key);
      return t('done.seat', { name: entry.name });
    });

  const remove = (entry: WaitlistEntry, reason: 'left' | 'cancelled') =>
    run(async () => {
      await props.calls.removeFromWaitlist(entry.id, reason);
      return t('waitlist.removed', { name: entry.name });
    });

  if (props.entries.length === 0) return <p className="muted">{t('waitlist.empty')}</p>;
  return (
    <div className="floor-waitlist">
      <FormAlert message={error} />
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
    </div>
  );
}
