import type { TimeSlotView } from '@sobremesa/contracts';
import { useId, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import type { BookableRoom } from '../api/booking-api.ts';
import type { CalendarRules } from '../../../components/date-picker/calendar.ts';
import { formatDuration } from '../format-booking.ts';
import { slotFor, slotsAt } from '../slots.ts';
import type { HeldTable } from '../use-hold.ts';
import { DatePicker } from '../../../components/date-picker/date-picker.tsx';
import { HoldStatus } from './hold-status.tsx';

export interface Notice {
  readonly tone: 'warning' | 'error';
  readonly text: string;
}

interface TableStepProps {
  readonly headingRef: RefObject<HTMLHeadingElement | null>;
  readonly rules: CalendarRules;
  readonly maxPax: number;
  readonly rooms: readonly BookableRoom[];
  readonly fullDates: ReadonlySet<string> | undefined;
  readonly pax: number | null;
  readonly date: string | null;
  readonly time: string | null;
  readonly roomId: number | null;
  /** The date's slots (undefined until checked). */
  readonly slots: readonly TimeSlotView[] | undefined;
  /** The times offered (each once, the held one kept). */
  readonly times: readonly string[];
  readonly checking: boolean;
  readonly checkFailed: boolean;
  readonly onRetry: () => void;
  readonly notice: Notice | null;
  readonly noticeRef: RefObject<HTMLDivElement | null>;
  readonly held: HeldTable | null;
  readonly holding: boolean;
  readonly holdFailed: boolean;
  readonly onExtendHold: () => void;
  readonly onPax: (pax: number | null) => void;
  readonly onDate: (date: string) => void;
  readonly onTime: (time: string) => void;
  readonly onRoom: (roomId: number) => void;
  readonly onContinue: () => void;
}

/**
 * Step 1 (spec §5 availability form): party, date and time, then the room. The time input is disabled
 * without date or party, while the first check runs, and when nothing is left; the room select appears once
 * date, party and time are chosen and the time can be booked, with the time's rooms only (and chosen when
 * there is just one).
 */
export function TableStep({ headingRef, noticeRef, ...props }: TableStepProps) {
  const { t } = useTranslation('reservations');
  const { locale } = useLocale();
  const paxId = useId();
  const paxHintId = useId();
  const timeHintId = useId();
  const roomId = useId();
  const { pax, date, time, slots, times, checking } = props;

  const timeReason =
    pax === null || date === null
      ? t('time.needDateAndPax')
      : checking
        ? t('time.checking')
        : props.checkFailed
          ? t('time.error')
          : times.length === 0
            ? t('time.none')
            : null;
  const timeDisabled = timeReason !== null;
  const roomsAtTime = slots ? slotsAt(slots, time).map((slot) => slot.roomId) : [];
  if (props.held && props.held.time === time && !roomsAtTime.includes(props.held.roomId)) {
    roomsAtTime.push(props.held.roomId);
  }
  const rooms = props.rooms.filter((room) => roomsAtTime.includes(room.room_id));
  const showRoom = !timeDisabled && time !== null && rooms.length > 0;
  const slot = slots ? slotFor(slots, time, props.roomId) : undefined;
  const duration =
    props.held && props.held.time === time && props.held.roomId === (props.roomId ?? props.held.roomId)
      ? { minutes: props.held.duration, limited: props.held.durationLimited }
      : slot
        ? { minutes: slot.duration, limited: slot.duration_limited }
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onContinue();
  };

  return (
    <form className="booking__step" onSubmit={submit} noValidate aria-labelledby="booking-step-heading">
      <h2 id="booking-step-heading" ref={headingRef} tabIndex={-1} className="booking__step-heading">
        {t('steps.table')}
      </h2>
      <div ref={noticeRef} tabIndex={-1} className="booking__notice">
        {props.notice && (
          <p role="alert" className={`notice notice--${props.notice.tone}`}>
            <span className="notice__body">{props.notice.text}</span>
          </p>
        )}
      </div>

      <div className="field">
        <label htmlFor={paxId} className="field__label">
          {t('pax.label')}
        </label>
        <select
          id={paxId}
          className="select booking__pax"
          value={pax ?? ''}
          aria-describedby={paxHintId}
          onChange={(event) => props.onPax(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">{t('pax.placeholder')}</option>
          {Array.from({ length: props.maxPax }, (_, index) => index + 1).map((count) => (
            <option key={count} value={count}>
              {t('people', { count })}
            </option>
          ))}
        </select>
        <p id={paxHintId} className="field__hint">
          {t('pax.hint', { max: props.maxPax })}
        </p>
      </div>

      <DatePicker value={date} rules={props.rules} fullDates={props.fullDates} onChange={props.onDate} />

      <fieldset className="booking__times" disabled={timeDisabled} aria-describedby={timeHintId}>
        <legend className="field__label">{t('time.label')}</legend>
        <p id={timeHintId} className="field__hint" aria-live="polite">
          {timeReason ?? t('time.count', { count: times.length })}
        </p>
        {props.checkFailed && !checking && (
          <button type="button" className="button" onClick={props.onRetry}>
            {t('time.retry')}
          </button>
        )}
        {!timeDisabled && (
          <div className="booking__time-list">
            {times.map((option) => (
              <label key={option} className="time-chip">
                <input
                  type="radio"
                  name="booking-time"
                  className="time-chip__input"
                  value={option}
                  checked={option === time}
                  onChange={() => props.onTime(option)}
                />
                <span className="time-chip__label">{option}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>

      {showRoom && (
        <div className="field">
          <label htmlFor={roomId} className="field__label">
            {t('room.label')}
          </label>
          <select
            id={roomId}
            className="select"
            value={props.roomId ?? ''}
            onChange={(event) => props.onRoom(Number(event.target.value))}
          >
            {props.roomId === null && (
              <option value="" disabled>
                {t('room.choose')}
              </option>
            )}
            {rooms.map((room) => (
              <option key={room.room_id} value={room.room_id}>
                {room.name}
              </option>
            ))}
          </select>
        </div>
      )}

      {time !== null && duration && (
        <p className="booking__duration">
          <span className="booking__duration-label">{t('duration.label')}:</span>{' '}
          {formatDuration(duration.minutes, locale)}
          {duration.limited && (
            <span className="field__hint booking__duration-note">
              {t('duration.limited', { duration: formatDuration(duration.minutes, locale) })}
            </span>
          )}
        </p>
      )}

      {time !== null && (
        <HoldStatus
          held={props.held}
          pending={props.holding}
          failed={props.holdFailed}
          onExtend={props.onExtendHold}
        />
      )}

      <button type="submit" className="button button--primary button--large button--block">
        {t('actions.continue')}
      </button>
    </form>
  );
}
