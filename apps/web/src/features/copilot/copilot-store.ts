import { useSyncExternalStore } from 'react';

/** What the copilot screens share about the current working session (later screens read and extend it). */
export interface CopilotState {
  /** The selected copilot role's id; null until the roles are known. */
  readonly roleId: number | null;
  /** Elaboration stations the order screens filter by; null means the role's own stations. */
  readonly stationFilter: readonly number[] | null;
  /** Kitchen screens show every order, ghost orders included (spec §6 "show-all"). */
  readonly showAllKitchenOrders: boolean;
  readonly selectedReservationId: number | null;
  /** Spoken notification gap in minutes (spec §9 "notification mode", default 0: every notification). */
  readonly notificationMode: number;
}

export const INITIAL_COPILOT_STATE: CopilotState = {
  roleId: null,
  stationFilter: null,
  showAllKitchenOrders: true,
  selectedReservationId: null,
  notificationMode: 0,
};

export interface CopilotStore {
  getState(): CopilotState;
  subscribe(listener: () => void): () => void;
  /** Spec §4: choosing a role resets the station filter, shows all kitchen orders and clears the selected reservation. */
  selectRole(roleId: number): void;
  setStationFilter(stationIds: readonly number[] | null): void;
  setShowAllKitchenOrders(showAll: boolean): void;
  selectReservation(reservationId: number | null): void;
  setNotificationMode(minutes: number): void;
}

/** `persistRole` keeps a chosen role for the next visit (the `selectedRole` cookie). */
export function createCopilotStore(persistRole: (roleId: number) => void): CopilotStore {
  let state = INITIAL_COPILOT_STATE;
  const listeners = new Set<() => void>();
  function update(patch: Partial<CopilotState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    selectRole(roleId) {
      update({ roleId, stationFilter: null, showAllKitchenOrders: true, selectedReservationId: null });
      persistRole(roleId);
    },
    setStationFilter: (stationFilter) => update({ stationFilter }),
    setShowAllKitchenOrders: (showAllKitchenOrders) => update({ showAllKitchenOrders }),
    selectReservation: (selectedReservationId) => update({ selectedReservationId }),
    setNotificationMode: (notificationMode) => update({ notificationMode }),
  };
}

/** A slice of the store's state; re-renders when that slice changes. */
export function useStoreState<T>(store: CopilotStore, select: (state: CopilotState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
