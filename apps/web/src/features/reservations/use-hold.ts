import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { bookingApi, type BookingSource } from './api/booking-api.ts';

/** The table kept for the guest while they fill in their details (decision 006). */
export interface HeldTable {
  readonly token: string;
  readonly date: string;
  readonly pax: number;
  readonly time: string;
  readonly roomId: number;
  readonly duration: number;
  readonly durationLimited: boolean;
  /** When it lapses, on this device's clock (from the hold's length, so a skewed clock does not matter). */
  readonly deadline: number;
}

export interface HoldQuery {
  readonly date: string;
  readonly pax: number;
  readonly timeSlot: string;
  readonly roomId?: number;
}

export type HoldOutcome =
  | { readonly status: 'held'; readonly held: HeldTable }
  | { readonly status: 'superseded' }
  | { readonly status: 'failed'; readonly error: unknown };

/**
 * Holds the chosen time: one hold at a time, requests one after the other (each moves the previous hold in one
 * step), a newer choice superseding an older one still waiting, the hold released when the choice changes or
 * the guest leaves the page, and forgotten once the booking converted it.
 */
export function useHold(source: BookingSource) {
  const [held, setHeld] = useState<HeldTable | null>(null);
  const [pending, setPending] = useState(false);
  const token = useRef<string | null>(null);
  const latest = useRef(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const take = useCallback(
    (query: HoldQuery): Promise<HoldOutcome> => {
      const mine = ++latest.current;
      setPending(true);
      const run = queue.current.then(async (): Promise<HoldOutcome> => {
        if (mine !== latest.current) return { status: 'superseded' };
        const ask = (holdToken: string | undefined) => bookingApi.hold({ ...query, holdToken, source });
        try {
          let reply;
          try {
            reply = await ask(token.current ?? undefined);
          } catch (error) {
            // A previous token the server no longer knows (revoked, or from another day): start afresh.
            if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 410)) throw error;
            token.current = null;
            reply = await ask(undefined);
          }
          token.current = reply.holdToken;
          const table: HeldTable = {
            token: reply.holdToken,
            date: reply.date,
            pax: reply.pax,
            time: reply.timeSlot,
            roomId: reply.roomId,
            duration: reply.duration,
            durationLimited: reply.duration_limited,
            deadline: Date.now() + reply.holdSeconds * 1000,
          };
          if (mine !== latest.current) return { status: 'superseded' };
          setHeld(table);
          return { status: 'held', held: table };
        } catch (error) {
          if (mine !== latest.current) return { status: 'superseded' };
          setHeld(null);
          return { status: 'failed', error };
        } finally {
          if (mine === latest.current) setPending(false);
        }
      });
      queue.current = run.catch(() => undefined);
      return run;
    },
    [source],
  );

  /** Gives the table back at once (another date, party or time; the guest went back). */
  const release = useCallback(() => {
    latest.current += 1;
    setHeld(null);
    setPending(false);
    queue.current = queue.current.then(async () => {
      const current = token.current;
      token.current = null;
      if (current) await bookingApi.releaseHold(current).catch(() => undefined);
    });
  }, []);

  /** The booking converted the hold: its token is spent. */
  const forget = useCallback(() => {
    latest.current += 1;
    token.current = null;
    setHeld(null);
    setPending(false);
  }, []);

  const currentToken = useCallback(() => token.current ?? undefined, []);

  // Leaving the page (or the form) frees the table for others straight away.
  useEffect(() => {
    const leave = () => {
      const current = token.current;
      token.current = null;
      if (current) void bookingApi.releaseHold(current, true).catch(() => undefined);
    };
    // Back from the back-forward cache: the table was given back when the page was hidden.
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) setHeld(null);
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
      leave();
    };
  }, []);

  return { held, pending, take, release, forget, currentToken };
}
