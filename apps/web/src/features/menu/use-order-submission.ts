import { useCallback, useRef, useState } from 'react';
import type { CreateCartSessionOrderRequest } from '@sobremesa/contracts';
import { sendOrder, type OrderOutcome } from './api/table-api.ts';
import { forgetOrderKey, orderKeyFor } from './kept-order-key.ts';

/**
 * Sends a cart as one order however often it is tapped or retried (REL-03, decision 014): a submission
 * keeps its Idempotency-Key until the server answers or the order changes, across reloads too
 * (`kept-order-key.ts`), so a retry after a lost reply or a second tap is the same order on the server;
 * while a send is in flight further taps join it.
 */
export function useOrderSubmission() {
  const inFlight = useRef<Promise<OrderOutcome> | null>(null);
  const [sending, setSending] = useState(false);

  const submit = useCallback(
    (body: CreateCartSessionOrderRequest): { outcome: Promise<OrderOutcome>; joined: boolean } => {
      if (inFlight.current) return { outcome: inFlight.current, joined: true };
      const promise = sendOrder(body, orderKeyFor(JSON.stringify(body)))
        .then((outcome) => {
          forgetOrderKey();
          return outcome;
        })
        .finally(() => {
          inFlight.current = null;
          setSending(false);
        });
      inFlight.current = promise;
      setSending(true);
      return { outcome: promise, joined: false };
    },
    [],
  );

  return { submit, sending };
}
