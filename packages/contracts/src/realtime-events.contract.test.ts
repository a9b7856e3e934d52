import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_EVENT_TOPICS,
  isTopicIn,
  REALTIME_EVENT_PAYLOADS,
  REALTIME_TOPIC_GROUPS,
  REALTIME_TOPICS,
  type RealtimeEvent,
} from './realtime-events.contract.ts';

describe('realtime events keyed by topic (decision 063)', () => {
  it('lists every topic a group or the account helpers name', () => {
    for (const topics of Object.values(REALTIME_TOPIC_GROUPS)) {
      for (const topic of topics) expect(REALTIME_TOPICS).toContain(topic);
    }
    for (const topic of ACCOUNT_EVENT_TOPICS) expect(REALTIME_TOPICS).toContain(topic);
  });

  it('keeps the families each screen refetched on by prefix', () => {
    const event = (topic: string) => ({ topic });
    expect(isTopicIn('floor', event('reservation.paid'))).toBe(true);
    expect(isTopicIn('floor', event('waitlist.updated'))).toBe(true);
    expect(isTopicIn('floor', event('till.changed'))).toBe(false);
    expect(isTopicIn('pos', event('notification.created'))).toBe(true);
    expect(isTopicIn('pos', event('notification.acknowledged'))).toBe(false);
    expect(isTopicIn('till', event('reservation.invoice'))).toBe(true);
    expect(isTopicIn('takeaway', event('takeaway.paused'))).toBe(true);
    expect(isTopicIn('notifications', event('notification.escalated'))).toBe(true);
    expect(isTopicIn('commander', event('order.line.changed'))).toBe(true);
    expect(isTopicIn('kitchen', event('reservation.paid'))).toBe(false);
    expect(isTopicIn('kitchen', event('reservation.allergies'))).toBe(true);
    expect(isTopicIn('floor', event('reservation.unknown'))).toBe(false);
  });

  it('reads what the emitters write and refuses a drifted payload', () => {
    const renamed = REALTIME_EVENT_PAYLOADS['staff.user.renamed'];
    expect(renamed.safeParse({ userId: 3, name: 'Ana' }).success).toBe(true);
    expect(renamed.safeParse({ userId: '3', name: 'Ana' }).success).toBe(false);
    const account = REALTIME_EVENT_PAYLOADS['reservation.payment'];
    const paid = {
      reservationId: 1,
      wid: 'w',
      status: 4,
      totalCents: 1000,
      paidCents: 1000,
      pendingCents: 0,
      by: 'staff',
      userId: 2,
      paymentId: 9,
    };
    expect(account.parse(paid)).toMatchObject({ paymentId: 9 });
    expect(account.safeParse({ ...paid, totalCents: 10.5 }).success).toBe(false);
  });

  it('narrows the payload on the topic', () => {
    const event = {
      type: 'event',
      seq: 1,
      topic: 'venue.config.updated',
      payload: { changed: ['timezone'] },
      at: '2026-11-26T05:00:00.000Z',
    } as RealtimeEvent;
    const changed = event.topic === 'venue.config.updated' ? event.payload.changed : [];
    expect(changed).toEqual(['timezone']);
  });
});
