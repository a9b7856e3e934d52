import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { guestReviewQuery, type ReviewCapability } from '../../../lib/guest-reviews.ts';
import { RatingPrompt } from '../../../components/rating-prompt/rating-prompt.tsx';
import './reviews.css';

/** /opinion?t=…: the review page a ticket's QR opens (issue 26 item 6). */
export function ReviewPage({ capability }: { readonly capability: ReviewCapability | null }) {
  const { t } = useTranslation('reviews');
  const query = useQuery({ ...guestReviewQuery(capability ?? { t: '' }), enabled: capability !== null });
  if (capability === null || query.isError) {
    const message = serverMessage(query.error, t('page.missingLink'));
    return (
      <div className="review-page">
        <h1>{t('page.title')}</h1>
        <p className="notice notice--error" role="alert">
          <span className="notice__body">{message}</span>
        </p>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="review-page">
        <p role="status">{t('page.loading')}</p>
      </div>
    );
  }
  return (
    <div className="review-page">
      <h1>{t('page.heading', { venue: query.data.venueName })}</h1>
      <p>{t('page.lead')}</p>
      <RatingPrompt capability={capability} initial={query.data} />
    </div>
  );
}
