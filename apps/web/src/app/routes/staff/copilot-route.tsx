import type { StaffUser } from '@sobremesa/contracts';
import { mayBill, mayOrder } from '@sobremesa/domain';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { SignOutIcon } from '../../../components/staff-icons.tsx';
import { currentUserQuery } from '../../../features/auth/api/current-user.ts';
import { SignOutButton } from '../../../features/auth/components/sign-out-button.tsx';
import { requireStaff } from '../../../features/auth/guards.ts';
import { accountingConfigQuery } from '../../../lib/accounting-config.ts';
import { loadCopilotRoles } from '../../../features/copilot/api/copilot-roles.ts';
import { CommanderAction } from '../../../features/commander/commander-action.tsx';
import { CopilotFrame } from '../../../features/copilot/components/copilot-frame.tsx';
import { viewOf } from '../../../features/copilot/role-selection.ts';
import { FloorScreen } from '../../../features/floor/floor-screen.tsx';
import { KitchenScreen } from '../../../features/kitchen/kitchen-screen.tsx';
import { ReadyToServe } from '../../../features/kitchen/ready-to-serve.tsx';
import { KioskOverlay } from '../../../features/kiosk/kiosk-overlay.tsx';
import { MenuTools } from '../../../features/menu-admin/menu-tools.tsx';
import { NotificationCentre } from '../../../features/notifications/notification-centre.tsx';
import { PrintServiceStatus } from '../../../features/print/print-service-status.tsx';
import { StationTicketPrinting } from '../../../features/print/station-ticket-printing.tsx';
import { print, printDocument, printFailureKey } from '../../../lib/print-service.ts';
import { PosScreen } from '../../../features/pos/pos-screen.tsx';
import { posCalls } from '../../../features/pos/api/pos-api.ts';
import { FinishAccount } from '../../../features/pos/components/finish-account.tsx';
import { InvoicesTool } from '../../../features/pos/components/invoices-tool.tsx';
import type { PrintTicket } from '../../../features/pos/pos-print.ts';
import { TakeawayTab } from '../../../features/takeaway-staff/components/takeaway-tab.tsx';
import { playAlert } from '../../../features/notifications/sound.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { VenueReviews } from '../../../features/reviews/components/venue-reviews.tsx';
import { SoundActivation } from '../../../features/notifications/sound-activation.tsx';
import {
  copilotStore,
  startCopilotSession,
  useCopilotState,
} from '../../../features/copilot/copilot-session.ts';
import { LanguageSwitcher } from '../../../components/language-switcher/language-switcher.tsx';
import { ConnectionIndicator } from '../../../features/live-feed/connection-indicator.tsx';
import { OfflineStatus } from '../../../features/offline/offline-status.tsx';
import { FollowVenueConfig } from '../../../features/live-feed/follow-venue-config.tsx';
import { LiveActivity } from '../../../features/live-feed/live-activity.tsx';
import { useRealtimeEvents } from '../../../lib/realtime.tsx';
import { VoiceAssistant } from '../../../features/floor/voice/voice-assistant.tsx';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { routeNamespaces } from '../../route-namespaces.ts';
import { logicalDateQuery, venueConfigQuery } from '../../../lib/config-queries.ts';
import { loadChunk } from '../../../lib/lazy-chunk.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { watchStaffAccessErrors } from './staff-access-errors.ts';
import { StaffRealtime } from './staff-realtime.tsx';

/**
 * /copilot (spec §2, §6): the copilot role checked by the server, then the user's roles with the selected
 * one, and the accounting config (loaded once, staff only).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  watchStaffAccessErrors();
  const [user] = await Promise.all([
    requireStaff(queryClient, 'copilot', request),
    loadNamespaces(routeNamespaces.copilot),
  ]);
  const roles = await loadCopilotRoles(queryClient, user);
  // Not needed to draw the frame: it loads alongside, and a failure surfaces where cash screens use it.
  void queryClient.prefetchQuery(accountingConfigQuery);
  startCopilotSession(roles);
  return { roles };
}

/** The till's screens load with the TPV only (issue 24): no other role opens the drawer's count. */
const TillPanel = lazy(() =>
  loadChunk(() => import('../../../features/till/till-panel.tsx')).then((module) => ({
    default: module.TillPanel,
  })),
);

/** The TPV's till, with the drawers and readers of the accounting config (loaded once, spec §2). */
function Till({
  roleId,
  currency,
  timeZone,
  printEnabled,
}: {
  readonly roleId: number | null;
  readonly currency: string;
  readonly timeZone: string;
  readonly printEnabled: boolean;
}) {
  const accounting = useQuery(accountingConfigQuery);
  return (
    <Suspense fallback={null}>
      <TillPanel
        roleId={roleId}
        currency={currency}
        timeZone={timeZone}
        accounting={accounting.data}
        {...(printEnabled
          ? {
              printReport: async (job) => {
                const outcome = await printDocument(job);
                return outcome.ok ? null : printFailureKey(outcome);
              },
            }
          : {})}
      />
    </Suspense>
  );
}

/**
 * Keeps the signed-in user current when it changes elsewhere: their name (`staff.user.renamed`), and the
 * roles the admin gives them (`staff.member.updated`: the user is fetched again and the loader re-run, so
 * the role picker shows the new roles and a removed current role gives way to another).
 */
function FollowOwnAccount({ user }: { readonly user: StaffUser }) {
  const client = useQueryClient();
  const revalidator = useRevalidator();
  useRealtimeEvents((event) => {
    if (event.topic === 'staff.user.renamed' && event.payload.userId === user.id) {
      client.setQueryData(currentUserQuery.queryKey, { ...user, name: event.payload.name });
    }
    if (event.topic === 'staff.member.updated' && event.payload.userId === user.id) {
      void client
        .refetchQueries({ queryKey: currentUserQuery.queryKey })
        .then(() => revalidator.revalidate());
    }
  });
  return null;
}

export function Component() {
  const { roles } = useLoaderData<typeof loader>();
  const { i18n: translations } = useTranslation();
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  const { data: logicalDate } = useSuspenseQuery(logicalDateQuery);
  const roleId = useCopilotState((state) => state.roleId);
  const notificationMode = useCopilotState((state) => state.notificationMode);
  const stationFilter = useCopilotState((state) => state.stationFilter);
  const { locale } = useLocale();
  const role = roles.find((candidate) => candidate.id === roleId);
  const view = role ? viewOf(role) : null;
  const printTicket: PrintTicket | undefined = venueConfig.printEnabled
    ? async (job) => {
        const outcome = await print(job);
        return outcome.ok ? null : printFailureKey(outcome);
      }
    : undefined;
  // Who corrects and cancels invoices, as the server's billing matrix says (decision 057): an admin acts as
  // admin whatever the view.
  const mayCorrectInvoices = user.isAdmin || (view !== null && mayBill(view, 'correctInvoice'));
  // Sala and 1 en Sala work on the service day (issue 5) and take orders (issue 6); Cocina, Barra and
  // Pasante work the orders (issue 7). TPV takes payments and issues bills (issue 9).
  let screen: ReactNode;
  if (view === 'Sala' || view === '1 en Sala') {
    screen = (
      <FloorScreen
        key={roleId}
        view={view}
        roleId={roleId}
        logicalDate={logicalDate}
        zoneFilterEnabled={venueConfig.copilotConfig.zoneFilter}
        locationTags={venueConfig.reservationLocationTags}
        currency={venueConfig.currency}
        reservationActions={(reservation) => <CommanderAction reservation={reservation} roleId={roleId} />}
      />
    );
  } else if (view === 'Cocina' || view === 'Barra' || view === 'Pasante') {
    screen = (
      <KitchenScreen
        key={roleId}
        view={view}
        roleId={roleId}
        logicalDate={logicalDate}
        stationFilter={stationFilter}
        onStationFilterChange={(stationIds) => copilotStore.setStationFilter(stationIds)}
        zoneFilterEnabled={venueConfig.copilotConfig.zoneFilter}
      />
    );
  } else if (view === 'TPV') {
    screen = (
      <PosScreen
        key={roleId}
        roleId={roleId}
        logicalDate={logicalDate}
        currency={venueConfig.currency}
        tipsEnabled={venueConfig.paymentConfig.tipsEnabled}
        mayCorrectInvoices={mayCorrectInvoices}
        till={
          <Till
            roleId={roleId}
            currency={venueConfig.currency}
            timeZone={venueConfig.timeZone}
            printEnabled={venueConfig.printEnabled}
          />
        }
        {...(printTicket ? { printTicket } : {})}
      />
    );
  }
  return (
    <StaffRealtime {...(roleId === null ? {} : { roleId })}>
      <FollowOwnAccount user={user} />
      <FollowVenueConfig />
      <CopilotFrame
        venueName={venueConfig.business_name}
        venueLogoUrl={venueConfig.logo_url || undefined}
        user={user}
        roles={roles}
        logicalDate={logicalDate}
        connectionIndicator={
          <>
            <ConnectionIndicator />
            <OfflineStatus />
          </>
        }
        languageSwitcher={<LanguageSwitcher />}
        signOut={<SignOutButton compact className="button copilot__sign-out" icon={<SignOutIcon />} />}
        status={
          view && (
            <>
              <PrintServiceStatus enabled={venueConfig.printEnabled} />
              <SoundActivation className="copilot__tool" />
            </>
          )
        }
        tools={
          view && (
            <>
              <MenuTools view={view} roleId={roleId} />
              {view === 'Sala' && <VenueReviews timeZone={venueConfig.timeZone} />}
              <StationTicketPrinting enabled={venueConfig.printEnabled} />
              {/* The TPV has them as a section of its own; the others who may correct them, here. */}
              {view !== 'TPV' && mayCorrectInvoices && (
                <Suspense fallback={null}>
                  <InvoicesTool roleId={roleId} logicalDate={logicalDate} currency={venueConfig.currency} />
                </Suspense>
              )}
              {(view === 'Sala' || view === '1 en Sala') && <VoiceAssistant view={view} roleId={roleId} />}
              {(view === 'Sala' || view === '1 en Sala') && <KioskOverlay roleId={roleId} />}
              {/* Takeaway orders are for the roles that may accept them, as the server checks (issue 27). */}
              {mayOrder(view, 'processOrder') && (
                <TakeawayTab
                  key={roleId}
                  roleId={roleId}
                  logicalDate={logicalDate}
                  timeZone={venueConfig.timeZone}
                  currency={venueConfig.currency}
                  onNewOrder={(text) => playAlert({ text, notificationMode })}
                  counterPayment={(order, onIssued) => (
                    <FinishAccount
                      reservation={{ id: order.reservationId }}
                      roleId={roleId}
                      calls={posCalls(roleId)}
                      money={(cents) => formatMoney(cents, locale, venueConfig.currency)}
                      tipsEnabled={venueConfig.paymentConfig.tipsEnabled}
                      onIssued={onIssued}
                      {...(printTicket ? { printTicket } : {})}
                    />
                  )}
                />
              )}
            </>
          )
        }
        aside={
          <>
            {view === 'Sala' && <ReadyToServe roleId={roleId} />}
            {view && (
              <NotificationCentre
                key={roleId}
                view={view}
                roleId={roleId}
                zoneFilterEnabled={venueConfig.copilotConfig.zoneFilter}
                notificationMode={notificationMode}
              />
            )}
            <LiveActivity locale={translations.language} timeZone={venueConfig.timeZone} />
          </>
        }
      >
        {screen}
      </CopilotFrame>
    </StaffRealtime>
  );
}
