import { STATION_TICKETS_TOPIC, stationTicketsEventSchema, type StationTicket } from '@sobremesa/contracts';
import { Suspense } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { toast } from '../../components/toast/toast-store.ts';
import { printFailureKey, printStationTicket, usePrintService } from '../../lib/print-service.ts';
import { useRealtimeEvents } from '../../lib/realtime.tsx';

export interface StationTicketPrintingProps {
  /** The venue prints (`venueConfig.printEnabled`). */
  readonly enabled: boolean;
}

/**
 * Prints the kitchen and bar tickets the server announces (decision 029) on the print helper of this
 * computer, when this page has one. Every copilot page listens; only pages next to a helper print, and the
 * ticket's `jobId` makes a second page on the same helper (or the event read again after a reconnect) a
 * duplicate the helper skips. A station whose printer the helper does not know prints on its default one:
 * a ticket on the wrong printer is read, one never printed is a table waiting.
 */
export function StationTicketPrinting(props: StationTicketPrintingProps) {
  if (!props.enabled) return null;
  // Its own boundary: loading the `pos` messages must not blank the copilot around it.
  return (
    <Suspense fallback={null}>
      <Printing />
    </Suspense>
  );
}

function Printing() {
  const { t } = useTranslation('pos');
  const service = usePrintService();

  async function send(ticket: StationTicket, printers: readonly string[]): Promise<void> {
    const printer = ticket.printer !== null && printers.includes(ticket.printer) ? ticket.printer : undefined;
    const outcome = await printStationTicket({
      jobId: ticket.jobId,
      lines: ticket.lines,
      ...(printer ? { printer } : {}),
    });
    if (!outcome.ok) toast.error(t(printFailureKey(outcome)));
  }

  useRealtimeEvents((event) => {
    if (service.status !== 'connected' || event.topic !== STATION_TICKETS_TOPIC) return;
    const parsed = stationTicketsEventSchema.safeParse(event.payload);
    if (!parsed.success) return;
    for (const ticket of parsed.data.tickets) void send(ticket, service.printers);
  });
  return null;
}
