import { reviewOutcome } from '@sobremesa/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Modal } from '../../../components/modal/modal.tsx';
import { formatDate, formatNumber, formatTime } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { VENUE_REVIEWS_QUERY_KEY, venueReviewsQuery } from '../api/reviews-api.ts';
import './reviews.css';
import { useRealtimeEvents } from '../../../lib/realtime.tsx';

export interface VenueReviewsProps {
  readonly timeZone: string;
}

/**
 * The copilot's reviews (issue 26 item 6): a toolbar button that counts the private (low) ratings that
 * arrived since it was last opened, and a dialog with the last 30 days, private ones first to read.
 */
export function VenueReviews({ timeZone }: VenueReviewsProps) {
  const { t } = useTranslation('reviews');
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  useRealtimeEvents((event) => {
    if (event.topic !== 'review.received') return;
    void client.invalidateQueries({ queryKey: VENUE_REVIEWS_QUERY_KEY });
    const rating = (event.payload as { rating?: unknown }).rating;
    if (!open && typeof rating === 'number' && reviewOutcome(rating) === 'private') setUnread((n) => n + 1);
  });
  return (
    <>
      <button
        type="button"
        className={unread > 0 ? 'button button--primary button--large' : 'button button--large'}
        onClick={() => {
          setOpen(true);
          setUnread(0);
        }}
      >
        {unread > 0 ? t('copilot.openWithNew', { count: unread }) : t('copilot.open')}
      </button>
      <Modal open={open} title={t('copilot.title')} size="large" onClose={() => setOpen(false)}>
        <ReviewList timeZone={timeZone} />
      </Modal>
    </>
  );
}

function ReviewList({ timeZone }: { readonly timeZone: string }) {
  const { t } = useTranslation('reviews');
  const { locale } = useLocale();
  const [privateOnly, setPrivateOnly] = useState(true);
  const query = useQuery(venueReviewsQuery(privateOnly));
  const toggleId = useId();
  return (
    <div className="venue-reviews">
      <p>
        <input
          id={toggleId}
          type="checkbox"
          checked={privateOnly}
          onChange={(event) => setPrivateOnly(event.target.checked)}
        />{' '}
        <label htmlFor={toggleId}>{t('copilot.privateOnly')}</label>
      </p>
      {query.isPending && <p role="status">{t('copilot.loading')}</p>}
      {query.isError && (
        <p className="notice notice--error" role="alert">
          <span className="notice__body">{t('copilot.error')}</span>
        </p>
      )}
      {query.data && query.data.count === 0 && <p>{t('copilot.empty')}</p>}
      {query.data && query.data.averageHundredths !== null && (
        <p>
          {t('copilot.average', {
            average: formatNumber(query.data.averageHundredths / 100, locale, { maximumFractionDigits: 2 }),
            count: query.data.count,
          })}
        </p>
      )}
      {query.data && query.data.count > 0 && (
        <ul className="venue-reviews__list">
          {query.data.reviews.map((review) => {
            const at = new Date(review.createdAt);
            const isPrivate = reviewOutcome(review.rating) === 'private';
            return (
              <li
                key={review.id}
                className={`venue-reviews__item${isPrivate ? ' venue-reviews__item--private' : ''}`}
              >
                <span className="venue-reviews__rating">
                  <span aria-hidden="true">{'★'.repeat(review.rating)} </span>
                  {t('copilot.rating', { value: review.rating })}
                  {review.reservationName ? ` · ${review.reservationName}` : ''}
                </span>
                <span className="muted">
                  {formatDate(at, locale, timeZone)} {formatTime(at, locale, timeZone)}
                  {review.googleReviewClicked ? ` · ${t('copilot.googleClicked')}` : ''}
                </span>
                <span>{review.text ?? t('copilot.noText')}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
