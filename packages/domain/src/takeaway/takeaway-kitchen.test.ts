import { describe, expect, it } from 'vitest';
import { isScheduled, kitchenFireTime, takeawayStatusFromKitchen } from './takeaway-kitchen.ts';

describe('kitchenFireTime', () => {
  it('starts the order its preparation time before the pickup', () => {
    const pickup = new Date('2026-11-20T20:30:00Z');
    expect(kitchenFireTime(pickup, 20).toISOString()).toBe('2026-11-20T20:10:00.000Z');
    expect(kitchenFireTime(pickup, 0)).toEqual(pickup);
  });
  it('is scheduled while its firing time is ahead, in the queue from then on', () => {
    const fires = new Date('2026-11-20T20:10:00Z');
    expect(isScheduled(fires, new Date('2026-11-20T20:09:59Z'))).toBe(true);
    expect(isScheduled(fires, fires)).toBe(false);
    expect(isScheduled(fires, new Date('2026-11-20T20:30:00Z'))).toBe(false);
  });
});

describe('takeawayStatusFromKitchen', () => {
  it('moves an accepted order to preparing when a dish is started', () => {
    expect(takeawayStatusFromKitchen('accepted', [2, 1])).toBe('preparing');
    expect(takeawayStatusFromKitchen('accepted', [1, 1])).toBeNull();
    expect(takeawayStatusFromKitchen('preparing', [2, 1])).toBeNull();
  });
  it('moves it to ready once every standing dish is ready, void ones aside', () => {
    expect(takeawayStatusFromKitchen('preparing', [3, 3])).toBe('ready');
    expect(takeawayStatusFromKitchen('accepted', [3, 7, 100])).toBe('ready');
    expect(takeawayStatusFromKitchen('preparing', [3, -4])).toBe('ready');
    expect(takeawayStatusFromKitchen('preparing', [3, 2])).toBeNull();
  });
  it('leaves orders the kitchen does not own alone', () => {
    expect(takeawayStatusFromKitchen('received', [3])).toBeNull();
    expect(takeawayStatusFromKitchen('ready', [3])).toBeNull();
    expect(takeawayStatusFromKitchen('refused', [-4])).toBeNull();
    expect(takeawayStatusFromKitchen('accepted', [-4, -1])).toBeNull();
  });
});
