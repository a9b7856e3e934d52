import type { RealtimeEvent } from '@sobremesa/contracts';
import type { CopilotView } from '@sobremesa/domain';

export interface KitchenScreenProps {
  readonly view: CopilotView;
  readonly roleId: number | null;
  readonly logicalDate: string;
  readonly useRealtimeEvents: (listener: (event: RealtimeEvent) => void) => void;
}

/** Cocina, Barra and Pasante (issue 7). */
export function KitchenScreen(props: KitchenScreenProps) {
  void props;
  return null;
}
