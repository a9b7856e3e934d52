// What the notifications module offers (decision 068), one file per section: raising a notification in the
// caller's transaction, resolving the ones a change answered, the venue's timings, the staff's reads and the
// scheduler's sweeps. Notifications owns `notifications`, `notification_settings` and `notification_rooms`.
export * from './raise-notifications.ts';
export * from './resolve-notifications.ts';
export * from './notification-settings.ts';
export * from './notification-reads.ts';
export * from './notification-sweeps.ts';
