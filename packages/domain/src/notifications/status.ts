/** A notification's status (spec §3 "Notification"): pending until someone acknowledges it, then history. */
export const NOTIFICATION_STATUS = { pending: 0, acknowledged: 1 } as const;
