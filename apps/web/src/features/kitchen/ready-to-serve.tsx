import type { RealtimeEvent } from '@sobremesa/contracts';

export interface ReadyToServeProps {
  readonly roleId: number | null;
  readonly useRealtimeEvents: (listener: (event: RealtimeEvent) => void) => void;
}

/** What Sala has ready to serve (issue 7). */
export function ReadyToServe(props: ReadyToServeProps) {
  void props;
  return null;
}
