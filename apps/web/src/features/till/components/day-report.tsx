import { useSuspenseQuery } from '@tanstack/react-query';
import { logicalDateQuery } from '../../../lib/config-queries.ts';
import { OwnerReportView } from '../../../components/owner-report/owner-report.tsx';

/**
 * The TPV's "Informe del día" (issue 24 item 6): the owner's reports of the current service day, beside the
 * previous period the server compares it with, without the admin's range picker (the server lets the till's
 * roles read today only). Its own chunk, loaded on opening: the chart library comes with it.
 */
export function DayReport({ roleId }: { readonly roleId: number | null }) {
  const { data: today } = useSuspenseQuery(logicalDateQuery);
  return <OwnerReportView range={{ from: today, to: today }} roleId={roleId} headingLevel={3} />;
}
