import type { RegisterReservationResponse, ReservationView } from '@sobremesa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { InviteShare } from '../../../components/guest-account/invite-share.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { ApiError, isServerError } from '../../../lib/api-client.ts';
import { bookingApi } from '../api/booking-api.ts';
import { RESERVATIONS_KEY } from '../api/booking-queries.ts';
import { reservationWhen } from '../format-booking.ts';
import { guestLinkHash, type GuestLink } from '../guest-link.ts';

/**
 * What a guest sees of a reservation they hold: the confirmation step after booking and the pages of their
 * guest link (`/reservar#uid=…`, `…&action=cancel`). Its own chunk: a guest filling in the form never needs it.
 */

const QR_SIZE = 220;

const STATE_KEYS = {
  confirmed: 'state.confirmed',
  cancelled: 'state.cancelled',
  seated: 'state.seated',
  for_payment: 'state.for_payment',
  finished: 'state.finished',
  no_show: 'state.no_show',
} as const;

function ReservationDetails({ reservation }: { readonly reservation: ReservationView }) {
  const { t } = useTranslation('reservations');
  const { locale } = useLocale();
  const when = reservationWhen(reservation, locale);
  const state = reservation.state as keyof typeof STATE_KEYS;
  const rows: [string, string][] = [
    [t('reservation.date'), when.date],
    [t('reservation.time'), when.time],
    [t('reservation.people'), t('people', { count: reservation.pax })],
    ...(reservation.roomName ? [[t('reservation.room'), reservation.roomName] as [string, string]] : []),
    [t('reservation.name'), reservation.name],
    [t('reservation.reference'), reservation.reference ?? reservation.wid],
    [t('reservation.state'), STATE_KEYS[state] ? t(STATE_KEYS[state]) : reservation.state],
  ];
  return (
    <dl className="pass__details">
      {rows.map(([term, value]) => (
        <div key={term} className="pass__detail">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function QrCode({ src }: { readonly src: string }) {
  const { t } = useTranslation('reservations');
  const hintId = useId();
  return (
    <figure className="pass__qr">
      <img
        src={src}
        alt={t('confirmation.qrAlt')}
        width={QR_SIZE}
        height={QR_SIZE}
        aria-describedby={hintId}
      />
      <figcaption id={hintId} className="field__hint">
        {t('confirmation.qrHint')}
      </figcaption>
    </figure>
  );
}

/** A link that leaves the embedded form opens in a new tab, and says so. */
function NewTabNote({ iframe }: { readonly iframe: boolean }) {
  const { t } = useTranslation('reservations');
  return iframe ? <span className="visually-hidden"> ({t('confirmation.opensNewTab')})</span> : null;
}

interface ConfirmationStepProps {
  readonly booking: RegisterReservationResponse;
  readonly iframe: boolean;
  readonly headingRef: RefObject<HTMLHeadingElement | null>;
  readonly onAnother: () => void;
}

/** Step 3: the reservation with its QR for the kiosk, the calendar file, the email and the way to cancel. */
export function ConfirmationStep({ booking, iframe, headingRef, onAnother }: ConfirmationStepProps) {
  const { t } = useTranslation('reservations');
  const { reservation } = booking;
  // The chunk arrives after the step changed: take the focus now that the heading exists.
  useLayoutEffect(() => headingRef.current?.focus(), [headingRef]);
  const cancelHash = guestLinkHash({ uid: booking.uid, action: 'cancel', reservationId: reservation.wid });
  const viewHash = guestLinkHash({ uid: booking.uid, action: 'view', reservationId: reservation.wid });
  // The confirmation's own address (issue 18 item 6): a reload, a bookmark or the history brings the
  // reservation back. The capability stays in the fragment, which never reaches a server or a Referer. The
  // router is not told: this page keeps showing the confirmation, and leaving it puts the address back.
  useEffect(() => {
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}${viewHash}`);
    return () => {
      // Only our own address is put back: a link followed from here (cancel) keeps its own.
      if (window.location.hash === viewHash)
        window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    };
  }, [viewHash]);
  const email =
    booking.emailStatus === 'sending'
      ? t('confirmation.emailSending', { email: reservation.email ?? '' })
      : booking.emailStatus === 'disabled'
        ? t('confirmation.emailDisabled')
        : t('confirmation.emailNotSent');
  return (
    <section className="booking__step pass" aria-labelledby="booking-step-heading">
      <h2 id="booking-step-heading" ref={headingRef} tabIndex={-1} className="booking__step-heading">
        {t('confirmation.heading')}
      </h2>
      <p className="pass__lead">{t('confirmation.lead', { name: reservation.name })}</p>
      <QrCode src={booking.links.qrSvg} />
      <ReservationDetails reservation={reservation} />
      <p className="pass__email" role="status">
        {email}
      </p>
      <div className="pass__actions">
        <a className="button" href={booking.links.calendar} download>
          {t('confirmation.calendar')}
        </a>
        {iframe ? (
          <a className="button button--quiet" href={`/reservar${cancelHash}`} target="_blank" rel="noopener">
            {t('confirmation.cancel')}
            <NewTabNote iframe />
          </a>
        ) : (
          <Link className="button button--quiet" to={{ pathname: '/reservar', hash: cancelHash }}>
            {t('confirmation.cancel')}
          </Link>
        )}
      </div>
      <button type="button" className="button button--primary button--block" onClick={onAnother}>
        {t('actions.another')}
      </button>
    </section>
  );
}

interface GuestLinkViewProps {
  readonly link: GuestLink;
  /** Leaves the link's page for a new booking. */
  readonly onDone: () => void;
}

function linkError(error: unknown, t: ReturnType<typeof useTranslation<'reservations'>>['t']): string {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 404) return t('link.invalid');
    if (error.status === 410) return t('link.expired');
    if (isServerError(error)) return error.message;
  }
  return t('link.failed');
}

/**
 * The page of a guest link (decision 006): the reservation it gives access to, found from the capability
 * alone (`user/find` names its reservation when the link does not), and with `action=cancel` a confirmation
 * before `canceldirect`. Unknown links (401) and expired or replaced ones (410) say so.
 */
export function GuestLinkView({ link, onDone }: GuestLinkViewProps) {
  const { t } = useTranslation('reservations');
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState(link.action === 'cancel');
  const [justCancelled, setJustCancelled] = useState(false);
  const queryKey = [RESERVATIONS_KEY, 'link', link.uid, link.reservationId] as const;
  const reservation = useQuery({
    queryKey,
    queryFn: async () => {
      const ref = link.reservationId ?? (await bookingApi.findGuest(link.uid)).reservationWid;
      if (!ref) throw new ApiError(404, 'NOT_FOUND', 'no reservation');
      return bookingApi.reservationInfo(ref, link.uid);
    },
    // The server's answers (unknown, expired) do not change on a retry.
    retry: (failures, error) => !isServerError(error) && failures < 2,
  });
  const cancel = useMutation({
    mutationFn: (view: ReservationView) => bookingApi.cancel(view.id, link.uid),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKey, view);
      setConfirming(false);
      setJustCancelled(true);
    },
  });

  useEffect(() => heading.current?.focus(), []);

  const view = reservation.data;
  // Read-only links (SEC-09): the guest link never goes into a URL query, a proxy log or the history.
  const assets = useQuery({
    queryKey: [RESERVATIONS_KEY, 'assets', link.uid],
    queryFn: () => bookingApi.assetLinks(link.uid),
    enabled: view?.state === 'confirmed',
    // The links' token lives an hour: fetch fresh ones well before it goes.
    staleTime: 30 * 60_000,
    refetchInterval: 30 * 60_000,
  });
  const canCancel = view?.state === 'confirmed' && view.canChange;
  const offerCancel = confirming && canCancel && !justCancelled;

  return (
    <div className="booking pass">
      <h1 ref={heading} tabIndex={-1} className="booking__heading">
        {offerCancel ? t('link.cancelHeading') : t('link.heading')}
      </h1>
      {reservation.isPending && (
        <p role="status" className="booking__loading">
          <span className="spinner" aria-hidden="true" />
          {t('link.loading')}
        </p>
      )}
      {reservation.isError && (
        <div role="alert" className="notice notice--error">
          <p className="notice__body">{linkError(reservation.error, t)}</p>
        </div>
      )}
      {view && (
        <>
          <div role="status" className="pass__status">
            {justCancelled ? (
              <p className="notice notice--success">
                <span className="notice__body">{t('link.cancelled')}</span>
              </p>
            ) : view.state === 'cancelled' ? (
              <p className="notice notice--warning">
                <span className="notice__body">{t('link.alreadyCancelled')}</span>
              </p>
            ) : confirming && !canCancel ? (
              <p className="notice notice--warning">
                <span className="notice__body">{t('link.cannotCancel')}</span>
              </p>
            ) : null}
          </div>
          {offerCancel && <p className="pass__lead">{t('link.cancelLead')}</p>}
          {view.state === 'confirmed' && !offerCancel && assets.data && <QrCode src={assets.data.qrSvg} />}
          <ReservationDetails reservation={view} />
          {cancel.isError && (
            <div role="alert" className="notice notice--error">
              <p className="notice__body">{linkError(cancel.error, t)}</p>
            </div>
          )}
          <div className="pass__actions">
            {offerCancel ? (
              <>
                <button
                  type="button"
                  className="button button--danger"
                  aria-disabled={cancel.isPending}
                  onClick={() => {
                    if (!cancel.isPending) cancel.mutate(view);
                  }}
                >
                  {cancel.isPending ? t('link.cancelling') : t('link.confirmCancel')}
                </button>
                <button type="button" className="button" onClick={() => setConfirming(false)}>
                  {t('link.keep')}
                </button>
              </>
            ) : (
              <>
                {view.state === 'confirmed' && assets.data && (
                  <a className="button" href={assets.data.calendar} download>
                    {t('confirmation.calendar')}
                  </a>
                )}
                {canCancel && (
                  <button type="button" className="button button--quiet" onClick={() => setConfirming(true)}>
                    {t('confirmation.cancel')}
                  </button>
                )}
              </>
            )}
          </div>
          {view.state === 'confirmed' && !offerCancel && assets.data && (
            <InviteShare url={assets.data.invitation} guests={view.guests} />
          )}
        </>
      )}
      <button type="button" className="button button--primary button--block" onClick={onDone}>
        {t('actions.another')}
      </button>
    </div>
  );
}
