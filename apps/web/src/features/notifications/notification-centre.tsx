import type { RealtimeEvent } from '@sobremesa/contracts';
import type { CopilotView } from '@sobremesa/domain';

export interface NotificationCentreProps {
  readonly view: CopilotView;
  readonly roleId: number | null;
  readonly zoneFilterEnabled: boolean;
  readonly useRealtimeEvents: (listener: (event: RealtimeEvent) => void) => void;
}

/** Pending and past notifications of the selected role (issue 8). */
export function NotificationCentre(props: NotificationCentreProps) {
  void props;
  return null;
}
