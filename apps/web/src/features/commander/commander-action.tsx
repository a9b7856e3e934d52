import type { FloorReservation } from '@sobremesa/contracts';

export interface CommanderActionProps {
  readonly reservation: FloorReservation;
  readonly roleId: number | null;
}

/** Opens the commander for a reservation's table (issue 6). */
export function CommanderAction(props: CommanderActionProps) {
  void props;
  return null;
}
