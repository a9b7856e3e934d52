import { useCallback, useRef, useState } from 'react';
import type { CreateCartSessionOrderRequest } from '@sobremesa/contracts';
import { newIdempotencyKey, sendOrder, type OrderOutcome } from './api/table-api.ts';

/**
 * Sends a cart as one order however often it is tapped or retried (REL-03, decision 014): a submission
 * keeps its Idempotency-Key until it succeeds or the order changes, so a retry after a lost reply or a
 * second tap is the same order on the server; while a send is in flight further taps join it.
 */
export function useOrderSubmission() {
  const pending = useRef<{ signature: string; key: string } | null>(null);
  const inFlight = useRef<Promise<OrderOutcome> | null>(null);
  const [sending, setSending] = useState(false);

  const submit = useCallback(
    (body: CreateCartSessionOrderRequest): { outcome: Promise<OrderOutcome>; joined: boolean } => {
      if (inFlight.current) return { outcome: inFlight.current, joined: true };
      const signature = JSON.stringify(body);
      if (pending.current?.signature !== signature) pending.current = { signature, key: newIdempotencyKey() };
      const promise = sendOrder(body, pending.current.key)
        .then((outcome) => {
          pending.current = null;
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
