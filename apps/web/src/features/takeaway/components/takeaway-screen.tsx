import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useChunk } from '../../../lib/use-chunk.ts';
import { returnedFromPayment } from '../takeaway-payment.ts';
import { takeawayConfigQuery } from '../takeaway-queries.ts';
import { TakeawayOrderPage } from './takeaway-order-page.tsx';
import './takeaway.css';

// An order's status page is never on a drawn page's first paint (its link is in the fragment, which only the
// browser reads): its own chunk keeps the form's first download small (issue 19), fetched once the form is up.
const importStatusPage = () => import('./takeaway-status-page.tsx');

/** The order's status link travels in the fragment, which no server, log or referrer sees (SEC-09). */
function statusTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('order');
  return token && token.length >= 16 ? token : null;
}

/**
 * /takeaway-delivery: the order form (which says so and sends nothing while staff pause online orders), or an
 * order's status page when the address carries its link.
 */
export function TakeawayScreen() {
  const { t } = useTranslation('takeaway');
  const location = useLocation();
  const navigate = useNavigate();
  const config = useQuery(takeawayConfigQuery);
  const token = statusTokenOf(location.hash);
  const StatusPage = useChunk(importStatusPage, true)?.TakeawayStatusPage;
  // Back from the payment page: the order's status, with the provider's query string gone.
  useEffect(() => {
    const paid = returnedFromPayment(location.search);
    if (paid)
      void navigate({ pathname: location.pathname, search: '', hash: `order=${paid}` }, { replace: true });
    else if (location.search.includes('payment='))
      void navigate({ pathname: location.pathname, search: '' }, { replace: true });
  }, [location.search, location.pathname, navigate]);
  if (config.isPending || (token && !StatusPage))
    return (
      <p role="status" className="takeaway__loading">
        <span className="spinner" aria-hidden="true" />
      </p>
    );
  if (config.isError) return <p role="alert">{config.error.message}</p>;
  if (token && StatusPage)
    return (
      <StatusPage
        statusToken={token}
        timeZone={config.data.timeZone}
        onNewOrder={() => void navigate({ pathname: location.pathname, hash: '' })}
      />
    );
  if (config.data.modes.length === 0)
    return (
      <div className="takeaway">
        <h1 className="takeaway__heading">{t('heading')}</h1>
        <p role="status">{t('closed')}</p>
      </div>
    );
  return (
    <TakeawayOrderPage
      config={config.data}
      onOrdered={(statusToken) =>
        void navigate({ pathname: location.pathname, hash: `order=${statusToken}` })
      }
    />
  );
}
