import type { RegisterReservationResponse, TimeSlotView } from '@sobremesa/contracts';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { ApiError, serverMessage } from '../../../lib/api-client.ts';
import { loadChunk } from '../../../lib/lazy-chunk.ts';
import { registerBooking, SlotUnavailableError, type BookingSource } from '../api/booking-api.ts';
import {
  bookingSetupQuery,
  fullDatesQuery,
  RESERVATIONS_KEY,
  slotsKey,
  slotsQuery,
} from '../api/booking-queries.ts';
import { dayState } from '../../../components/date-picker/calendar.ts';
import { formatCalendarDate } from '../../../components/date-picker/calendar.ts';
import { onlyRoomAt, slotsAt, slotTimes } from '../slots.ts';
import { useAvailabilityEvents } from '../use-availability-events.ts';
import { useHold, type HoldQuery } from '../use-hold.ts';
import {
  EMPTY_GUEST_FORM,
  validateGuest,
  type GuestErrors,
  type GuestField,
  type GuestForm,
} from '../guest-form.ts';
import { BookingSteps } from './booking-steps.tsx';
import { HoldStatus } from './hold-status.tsx';
import { TableStep, type Notice } from './table-step.tsx';
import { newIdempotencyKey } from '../../../lib/random-key.ts';

// Steps 2 and 3 are their own chunks, so a guest's phone draws step 1 sooner; they are fetched as soon as
// the guest picks a time, well before they are shown.
const importDetails = () => import('./details-step.tsx');
const importPass = () => import('./reservation-pass.tsx');
const DetailsStep = lazy(() => loadChunk(importDetails).then((module) => ({ default: module.DetailsStep })));
const ConfirmationStep = lazy(() =>
  loadChunk(importPass).then((module) => ({ default: module.ConfirmationStep })),
);
const prefetchSteps = () => {
  void importDetails().catch(() => undefined);
  void importPass().catch(() => undefined);
};

function StepLoading() {
  const { t } = useTranslation('common');
  return (
    <p role="status" className="booking__loading">
      <span className="spinner" aria-hidden="true" />
      {t('status.loading')}
    </p>
  );
}

export interface BookingPrefill {
  readonly date?: string | null;
  readonly pax?: number | null;
}

interface BookingFormProps {
  readonly source: BookingSource;
  /** Embedded in the venue's site: links that leave the form open in a new tab. */
  readonly iframe?: boolean;
  readonly prefill?: BookingPrefill;
}

type Step = 1 | 2 | 3;

/**
 * The guest booking form (spec §2 Reserve, §5): step 1 chooses party, date, time and room and holds the table,
 * step 2 takes the guest's details, step 3 confirms with the QR. Open forms follow the date's availability live,
 * and a time lost to another guest comes back as the server's 409 with what is left.
 */
export function BookingForm({ source, iframe = false, prefill }: BookingFormProps) {
  const { t } = useTranslation('reservations');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const { data: setup } = useSuspenseQuery(bookingSetupQuery);
  const bookingWindow = setup.bookingWindow;

  const [step, setStep] = useState<Step>(1);
  const [pax, setPax] = useState<number | null>(() =>
    prefill?.pax && Number.isInteger(prefill.pax) && prefill.pax >= 1 && prefill.pax <= bookingWindow.maxPax
      ? prefill.pax
      : null,
  );
  const [date, setDate] = useState<string | null>(() =>
    prefill?.date && dayState(prefill.date, bookingWindow) === 'open' ? prefill.date : null,
  );
  const [time, setTime] = useState<string | null>(null);
  const [roomId, setRoomId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(() =>
    prefill?.date && dayState(prefill.date, bookingWindow) !== 'open'
      ? { tone: 'warning', text: t('date.invalid') }
      : null,
  );
  const [holdFailed, setHoldFailed] = useState(false);
  const hold = useHold(source);
  const [form, setForm] = useState<GuestForm>(EMPTY_GUEST_FORM);
  const [showErrors, setShowErrors] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [booking, setBooking] = useState<RegisterReservationResponse | null>(null);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // Each request to focus the message that sent the guest back (drawn in the same render as the message).
  const [noticeFocus, setNoticeFocus] = useState(0);

  const checking = date !== null && pax !== null;
  const slots = useQuery({
    ...slotsQuery(date ?? '', pax ?? 0, hold.currentToken),
    enabled: checking && step < 3,
  });
  const fullDates = useQuery({
    ...fullDatesQuery(bookingWindow.firstDate, bookingWindow.lastDate, pax ?? 0),
    enabled: pax !== null && step === 1,
  });

  useAvailabilityEvents(date, checking && step < 3, () => {
    if (date !== null) void queryClient.invalidateQueries({ queryKey: [RESERVATIONS_KEY, 'slots', date] });
  });

  const held =
    hold.held && hold.held.date === date && hold.held.pax === pax && hold.held.time === time
      ? hold.held
      : null;
  const timeSlots = useMemo(() => slots.data ?? [], [slots.data]);
  const times = useMemo(
    () => slotTimes(timeSlots, held?.time ?? (hold.pending ? time : null)),
    [timeSlots, held, hold.pending, time],
  );

  // A chosen time someone else took (and that the guest does not hold) leaves the form, saying so.
  const [checkedSlots, setCheckedSlots] = useState(slots.data);
  if (slots.data !== checkedSlots) {
    setCheckedSlots(slots.data);
    if (time !== null && slots.data && !times.includes(time)) {
      setTime(null);
      setRoomId(null);
      setNotice({ tone: 'warning', text: t('time.gone') });
      if (step === 2) {
        setStep(1);
        setNoticeFocus((count) => count + 1);
      }
    }
  }

  // Focus follows the step (WCAG 2.4.3): its heading, or the message that sent the guest back.
  const shown = useRef({ step, noticeFocus });
  useLayoutEffect(() => {
    const last = shown.current;
    if (last.step === step && last.noticeFocus === noticeFocus) return;
    shown.current = { step, noticeFocus };
    if (last.noticeFocus !== noticeFocus) noticeRef.current?.focus();
    else headingRef.current?.focus();
  }, [step, noticeFocus]);

  const resetTime = () => {
    setTime(null);
    setRoomId(null);
    setNotice(null);
    setHoldFailed(false);
    hold.release();
  };

  const takenMeanwhile = (error: SlotUnavailableError, forDate: string, forPax: number) => {
    queryClient.setQueryData<readonly TimeSlotView[]>(slotsKey(forDate, forPax), error.timeSlots);
    setTime(null);
    setRoomId(null);
    setNotice({ tone: 'warning', text: error.message });
    setStep(1);
  };

  const takeHold = async (query: HoldQuery) => {
    setHoldFailed(false);
    const outcome = await hold.take(query);
    if (outcome.status === 'held') setRoomId(outcome.held.roomId);
    if (outcome.status !== 'failed') return;
    if (outcome.error instanceof SlotUnavailableError) {
      takenMeanwhile(outcome.error, query.date, query.pax);
      setNoticeFocus((count) => count + 1);
    } else {
      setHoldFailed(true);
    }
  };

  const chooseTime = (next: string) => {
    if (date === null || pax === null) return;
    prefetchSteps();
    setTime(next);
    setNotice(null);
    const keep = roomId !== null && slotsAt(timeSlots, next).some((slot) => slot.roomId === roomId);
    const room = onlyRoomAt(timeSlots, next) ?? (keep ? roomId : null);
    setRoomId(room);
    void takeHold({ date, pax, timeSlot: next, ...(room !== null ? { roomId: room } : {}) });
  };

  const chooseRoom = (next: number) => {
    setRoomId(next);
    if (date !== null && pax !== null && time !== null)
      void takeHold({ date, pax, timeSlot: time, roomId: next });
  };

  const extendHold = () => {
    if (date !== null && pax !== null && time !== null) {
      void takeHold({ date, pax, timeSlot: time, ...(roomId !== null ? { roomId } : {}) });
    }
  };

  const goToDetails = () => {
    if (date === null || pax === null || time === null) {
      setNotice({ tone: 'error', text: t('missing') });
      setNoticeFocus((count) => count + 1);
      return;
    }
    setNotice(null);
    prefetchSteps();
    setStep(2);
  };

  const errors = validateGuest(form, t);

  const submit = async () => {
    setShowErrors(true);
    setSubmitError(null);
    if (Object.keys(errors).length > 0 || date === null || pax === null || time === null) return;
    setSubmitting(true);
    const key = newIdempotencyKey();
    const body = {
      date,
      timeSlot: time,
      pax,
      ...(roomId !== null ? { roomId } : {}),
      ...(held ? { holdToken: held.token } : {}),
      name: form.name.trim(),
      email: form.email.trim(),
      ...(form.phone.trim() ? { phone: form.phone.trim() } : {}),
      ...(form.comments.trim() ? { comments: form.comments.trim() } : {}),
      consent: true as const,
      locale,
      source,
    };
    try {
      const reply = await registerBooking(body, key);
      hold.forget();
      setBooking(reply);
      setStep(3);
    } catch (error) {
      if (error instanceof SlotUnavailableError) {
        hold.release();
        takenMeanwhile(error, date, pax);
        setStep(1);
        setNoticeFocus((count) => count + 1);
      } else if (error instanceof ApiError && error.status === 400) {
        const fieldErrors: GuestErrors = {};
        for (const field of error.fields) {
          if (['name', 'email', 'phone', 'consent'].includes(field.path)) {
            fieldErrors[field.path as GuestField] = field.message;
          }
        }
        // A refused comment (a card number in it, PCI-01) is the guest's to correct here, like a field.
        if (Object.keys(fieldErrors).length > 0 || error.fields.some((field) => field.path === 'comments')) {
          setSubmitError(error.message);
        } else {
          // The date or the party no longer fits (the window moved at 06:00, the floor changed).
          resetTime();
          setNotice({ tone: 'error', text: error.message });
          setStep(1);
          setNoticeFocus((count) => count + 1);
        }
      } else {
        const fallback =
          error instanceof ApiError && error.code === 'NETWORK' ? t('errors.network') : t('errors.generic');
        setSubmitError(serverMessage(error, fallback));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const startAgain = () => {
    setBooking(null);
    setTime(null);
    setRoomId(null);
    setDate(null);
    setForm(EMPTY_GUEST_FORM);
    setShowErrors(false);
    setNotice(null);
    setStep(1);
  };

  return (
    <div className="booking">
      <h1 className="booking__heading">{t('heading')}</h1>
      {step === 1 && <p className="booking__intro">{t('intro')}</p>}
      <BookingSteps step={step} />

      {step === 1 && (
        <TableStep
          headingRef={headingRef}
          rules={bookingWindow}
          maxPax={bookingWindow.maxPax}
          rooms={setup.rooms}
          fullDates={fullDates.data}
          pax={pax}
          date={date}
          time={time}
          roomId={roomId}
          slots={slots.data}
          times={times}
          checking={checking && slots.isPending}
          checkFailed={slots.isError && !slots.data}
          onRetry={() => void slots.refetch()}
          notice={notice}
          noticeRef={noticeRef}
          held={held}
          holding={hold.pending}
          holdFailed={holdFailed}
          onExtendHold={extendHold}
          onPax={(next) => {
            if (next === pax) return;
            setPax(next);
            resetTime();
          }}
          onDate={(next) => {
            if (next === date) return;
            setDate(next);
            resetTime();
          }}
          onTime={chooseTime}
          onRoom={chooseRoom}
          onContinue={goToDetails}
        />
      )}

      {step === 2 && date !== null && pax !== null && time !== null && (
        <Suspense fallback={<StepLoading />}>
          <DetailsStep
            headingRef={headingRef}
            summary={
              <>
                <p className="booking__summary-line">
                  <strong>{formatCalendarDate(date, locale)}</strong>
                  <span>{time}</span>
                  <span>{t('people', { count: pax })}</span>
                  {roomId !== null && (
                    <span>{setup.rooms.find((room) => room.room_id === roomId)?.name}</span>
                  )}
                </p>
                <HoldStatus held={held} pending={hold.pending} failed={holdFailed} onExtend={extendHold} />
              </>
            }
            onChangeTable={() => setStep(1)}
            form={form}
            onForm={setForm}
            errors={errors}
            showErrors={showErrors}
            submitError={submitError}
            submitting={submitting}
            onSubmit={() => void submit()}
          />
        </Suspense>
      )}

      {step === 3 && booking && (
        <Suspense fallback={<StepLoading />}>
          <ConfirmationStep
            booking={booking}
            iframe={iframe}
            headingRef={headingRef}
            onAnother={startAgain}
          />
        </Suspense>
      )}
    </div>
  );
}
