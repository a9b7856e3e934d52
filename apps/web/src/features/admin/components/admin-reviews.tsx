import { addDays } from '@sobremesa/domain';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatDate, formatNumber, formatTime } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { logicalDateQuery, venueConfigQuery } from '../../../lib/config-queries.ts';
import { adminReviewsQuery, type ReviewFilters } from '../api/admin-api.ts';
import { DateRangeFields } from './date-range-fields.tsx';

/** The rating filter's choices: every review, or those rated at most 4, 3 (the private ones), 2, 1. */
const MAX_RATINGS = [4, 3, 2, 1] as const;
/** The period shown first: the last 30 service days, as the copilot's list. */
const DEFAULT_DAYS = 30;

/** /ebitdata/opiniones: the venue's guest reviews (issue 26 item 6), by period and rating, with the mean. */
export function AdminReviews() {
  const { t } = useTranslation('reviews');
  const { locale } = useLocale();
  const id = useId();
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  const { data: today } = useSuspenseQuery(logicalDateQuery);
  const [filters, setFilters] = useState<ReviewFilters>({
    dateFrom: addDays(today, -(DEFAULT_DAYS - 1)),
    dateTo: today,
  });
  const { data, error, isPending, refetch } = useQuery(adminReviewsQuery(filters));
  const when = (at: string) =>
    `${formatDate(new Date(at), locale, venueConfig.timeZone)} ${formatTime(new Date(at), locale, venueConfig.timeZone)}`;
  const refused = error instanceof ApiError && error.status === 400;

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('admin.title')}</h1>
      <p className="muted">{t('admin.intro')}</p>
      <div className="admin-audit__filters" role="group" aria-label={t('admin.filters')}>
        <DateRangeFields
          idPrefix={id}
          range={{ from: filters.dateFrom, to: filters.dateTo }}
          onChange={({ from, to }) => setFilters({ ...filters, dateFrom: from, dateTo: to })}
          fromLabel={t('admin.from')}
          toLabel={t('admin.to')}
          headingLevel={2}
        />
        <div className="field">
          <label htmlFor={`${id}-rating`} className="field__label">
            {t('admin.rating')}
          </label>
          <select
            id={`${id}-rating`}
            className="select"
            value={filters.maxRating ?? ''}
            onChange={(event) => {
              const { maxRating: _dropped, ...rest } = filters;
              setFilters(event.target.value ? { ...rest, maxRating: Number(event.target.value) } : rest);
            }}
          >
            <option value="">{t('admin.allRatings')}</option>
            {MAX_RATINGS.map((rating) => (
              <option key={rating} value={rating}>
                {t('admin.atMost', { count: rating })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {refused ? error.message : t('copilot.error')}{' '}
          {!refused && (
            <button type="button" className="button" onClick={() => void refetch()}>
              {t('admin.retry')}
            </button>
          )}
        </p>
      )}
      {isPending && <p role="status">{t('copilot.loading')}</p>}
      {data && (
        <p role="status" className="admin-reviews__summary">
          {data.averageHundredths === null
            ? t('admin.empty')
            : t('admin.summary', {
                count: data.count,
                average: formatNumber(data.averageHundredths / 100, locale, { maximumFractionDigits: 2 }),
              })}
        </p>
      )}
      {data && data.reviews.length > 0 && (
        <div className="admin-audit__scroll">
          <table className="admin-audit__table">
            <caption className="visually-hidden">{t('admin.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.when')}</th>
                <th scope="col">{t('admin.rating')}</th>
                <th scope="col">{t('admin.comment')}</th>
                <th scope="col">{t('admin.account')}</th>
                <th scope="col">{t('admin.google')}</th>
              </tr>
            </thead>
            <tbody>
              {data.reviews.map((review) => (
                <tr key={review.id}>
                  <td>
                    <time dateTime={review.updatedAt}>{when(review.updatedAt)}</time>
                  </td>
                  <td>
                    {t('copilot.rating', { value: review.rating })}
                    <span className="muted">
                      {' '}
                      · {t(review.rating <= 3 ? 'admin.private' : 'admin.public')}
                    </span>
                  </td>
                  <td className="admin-reviews__text">{review.text ?? t('copilot.noText')}</td>
                  <td>{review.reservationName ?? '—'}</td>
                  <td>{review.googleReviewClicked ? t('admin.yes') : t('admin.no')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
