import { describe, expect, it } from 'vitest';
import { createCopilotStore, INITIAL_COPILOT_STATE } from './copilot-store.ts';

describe('copilot store', () => {
  it('resets the station filter, shows all kitchen orders and clears the reservation when the role changes', () => {
    const kept: number[] = [];
    const sut = createCopilotStore((roleId) => kept.push(roleId));
    sut.selectRole(1);
    sut.setStationFilter([4, 5]);
    sut.setShowAllKitchenOrders(false);
    sut.selectReservation(77);
    sut.setNotificationMode(5);

    sut.selectRole(2);

    expect(sut.getState()).toEqual({
      roleId: 2,
      stationFilter: null,
      showAllKitchenOrders: true,
      selectedReservationId: null,
      notificationMode: 5,
    });
    expect(kept).toEqual([1, 2]);
  });

  it('tells subscribers about every change until they leave', () => {
    const sut = createCopilotStore(() => {});
    let calls = 0;
    const leave = sut.subscribe(() => (calls += 1));
    sut.selectReservation(3);
    leave();
    sut.selectReservation(4);
    expect(calls).toBe(1);
    expect(INITIAL_COPILOT_STATE.showAllKitchenOrders).toBe(true);
  });
});
