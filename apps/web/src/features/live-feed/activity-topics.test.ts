import { BILLING_EVENT_TOPICS, FLOOR_EVENT_TOPICS, ORDER_LINE_CHANGED_TOPIC } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { activityTable, activityTopicKey } from './activity-topics.ts';

const [spanish] = Object.values(
  import.meta.glob<{ activity: { topics: Record<string, string> } }>('../../i18n/locales/es/copilot.json', {
    eager: true,
    import: 'default',
  }),
);

describe('the live activity’s words', () => {
  // Every language has the Spanish keys (i18n/locales.test.ts): Spanish having the words is enough here.
  it('has words for every topic the floor, billing, kitchen and notifications write', () => {
    const topics = [
      ...FLOOR_EVENT_TOPICS,
      ...BILLING_EVENT_TOPICS,
      ORDER_LINE_CHANGED_TOPIC,
      'order.created',
      'order.processed',
      'notification.created',
      'notification.acknowledged',
      'notification.escalated',
      'menu.product.changed',
      'menu.changed',
      'reservation.guests.changed',
      'takeaway.created',
      'takeaway.status',
      'takeaway.paused',
    ];
    for (const topic of topics) {
      const key = activityTopicKey(topic);
      expect(key, topic).not.toBe('other');
      const topics = spanish?.activity.topics ?? {};
      expect(topics[key], topic).toBeTruthy();
    }
  });

  it('reads an unknown topic as a change in the service, and never as its raw name', () => {
    expect(activityTopicKey('something.new')).toBe('other');
    expect(activityTopicKey('__proto__')).toBe('other');
  });

  it('names the table when the event does', () => {
    expect(activityTable({ table: '4' })).toBe('4');
    expect(activityTable({ table: null })).toBeNull();
    expect(activityTable('x')).toBeNull();
  });
});
