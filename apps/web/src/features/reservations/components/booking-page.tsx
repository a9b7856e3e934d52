import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loadChunk } from '../../../lib/lazy-chunk.ts';
import type { BookingSource } from '../api/booking-api.ts';
import { isIframe } from '../embed/iframe-flag.ts';
import { parseGuestLink } from '../guest-link.ts';
import { BookingForm, type BookingPrefill } from './booking-form.tsx';
import './reservations.css';

const GuestLinkView = lazy(() =>
  loadChunk(() => import('./reservation-pass.tsx')).then((module) => ({ default: module.GuestLinkView })),
);

interface BookingPageProps {
  readonly source: BookingSource;
  /** Embedded in the venue's site; by default the route's iframe flag. */
  readonly iframe?: boolean;
  readonly prefill?: BookingPrefill;
}

/**
 * /reservar and /iframe-reservar: the booking form, or, when the address carries a guest link
 * (`#uid=…`, `#uid=…&action=cancel`), that reservation's page with its cancellation.
 */
export function BookingPage({ source, iframe = isIframe(), prefill }: BookingPageProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const link = parseGuestLink(location.hash);
  if (link) {
    return (
      <Suspense
        fallback={
          <p role="status" className="booking__loading">
            <span className="spinner" aria-hidden="true" />
          </p>
        }
      >
        {/* Another link (or the same with another action) is another page: its confirmation starts afresh. */}
        <GuestLinkView
          key={`${link.uid}:${link.action}`}
          link={link}
          onDone={() => void navigate({ pathname: location.pathname, search: '' }, { replace: true })}
        />
      </Suspense>
    );
  }
  return <BookingForm source={source} iframe={iframe} prefill={prefill} />;
}
