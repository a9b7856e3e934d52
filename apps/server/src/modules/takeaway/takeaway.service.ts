/**
 * The takeaway module's service (issue 27, decisions 036–041): what its routes and the app call, one file per
 * section: the guest form's offer (`takeaway-config.service.ts`), taking an order (`takeaway-order.service.ts`),
 * the guest's and staff's views (`takeaway-views.ts`), staff moves (`takeaway-staff.ts`), the pause
 * (`takeaway-pause.ts`), and what the app hands to kitchen and payments: an order following its dishes
 * (`takeaway-kitchen.ts`) and a payment's outcome on its order (`takeaway-payment-steps.ts`).
 */
export { takeawayConfig, takeawaySchedule, takeawaySlots } from './takeaway-config.service.ts';
export { createTakeawayOrder } from './takeaway-order.service.ts';
export { staffView, takeawayOfDay, takeawayStatus } from './takeaway-views.ts';
export { takeawayFollowsKitchen } from './takeaway-kitchen.ts';
export { takeawayPaidOrders } from './takeaway-payment-steps.ts';
