import type { ReviewReply } from '@sobremesa/contracts';
import { REVIEW_MAX_RATING, REVIEW_TEXT_MAX, reviewOutcome } from '@sobremesa/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { serverMessage } from '../../lib/api-client.ts';
import { reviewsApi, type ReviewCapability } from '../../lib/guest-reviews.ts';
import './rating-prompt.css';

const STARS = Array.from({ length: REVIEW_MAX_RATING }, (_, index) => index + 1);

export interface RatingPromptProps {
  readonly capability: ReviewCapability;
  /** What the server already holds (the review page loads it); none on the phone's thank-you state. */
  readonly initial?: ReviewReply | null;
}

/**
 * The rating a guest gives after paying (issue 26 item 6). Self-contained so the guest phone's thank-you
 * state can host it with the menu `uid`, and the review page with the ticket's token. Four or five stars
 * offer the venue's Google review page (when it has one); three or fewer ask what to improve, privately.
 */
export function RatingPrompt({ capability, initial = null }: RatingPromptProps) {
  const { t } = useTranslation('reviews');
  const [reply, setReply] = useState<ReviewReply | null>(initial?.review ? initial : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [sent, setSent] = useState(Boolean(initial?.review?.text));
  const textId = useId();
  const rating = reply?.review?.rating ?? null;

  async function run(work: () => Promise<ReviewReply>): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      setReply(await work());
      return true;
    } catch (failure) {
      setError(serverMessage(failure, t('prompt.error')));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    if (await run(() => reviewsApi.addText(capability, text.trim()))) setSent(true);
  }

  return (
    <section className="rating-prompt card" aria-labelledby={`${textId}-question`}>
      <h2 id={`${textId}-question`} className="rating-prompt__question">
        {t('prompt.question')}
      </h2>
      <div className="rating-prompt__stars" role="group" aria-labelledby={`${textId}-question`}>
        {STARS.map((value) => (
          <button
            key={value}
            type="button"
            className="rating-prompt__star"
            aria-pressed={rating === value}
            aria-label={t('prompt.star', { count: value })}
            disabled={busy}
            onClick={() => {
              setSent(false);
              void run(() => reviewsApi.rate(capability, value));
            }}
          >
            <span aria-hidden="true">{rating !== null && value <= rating ? '★' : '☆'}</span>
          </button>
        ))}
      </div>
      <div role="status" className="rating-prompt__status">
        {busy ? t('prompt.saving') : rating !== null && !sent ? t('prompt.thanks') : ''}
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          <span className="notice__body">{error}</span>
        </p>
      )}
      {rating !== null && reviewOutcome(rating) === 'public' && reply?.googleReviewUrl && (
        <div className="rating-prompt__next">
          <p>{t('prompt.publicInvite')}</p>
          <a
            className="button button--primary button--large"
            href={reply.googleReviewUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => void run(() => reviewsApi.googleClicked(capability))}
          >
            {t('prompt.googleLink')}
          </a>
          {reply.review?.googleReviewClicked && <p>{t('prompt.googleThanks')}</p>}
        </div>
      )}
      {rating !== null && reviewOutcome(rating) === 'private' && (
        <div className="rating-prompt__next">
          {sent ? (
            <p role="status">{t('prompt.sent')}</p>
          ) : (
            <form onSubmit={(event) => void send(event)}>
              <p>{t('prompt.privateInvite')}</p>
              <label htmlFor={textId}>{t('prompt.textLabel')}</label>
              <textarea
                id={textId}
                className="rating-prompt__text"
                rows={4}
                maxLength={REVIEW_TEXT_MAX}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
              <button
                type="submit"
                className="button button--primary button--large"
                disabled={busy || !text.trim()}
              >
                {t('prompt.send')}
              </button>
            </form>
          )}
        </div>
      )}
      {rating !== null && <p className="muted">{t('prompt.change')}</p>}
    </section>
  );
}
