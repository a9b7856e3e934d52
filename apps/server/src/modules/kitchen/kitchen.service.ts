// The kitchen module's calls, one file per section (decision 068). Kitchen owns the order tables
// (`cart_sessions`, `cart_session_orders`, `product_orders`, `service_events`): orders, floor and the other
// modules write them only through its services. Line status changes are the kitchen's own calls, made by
// its routes, and are not offered here.
export type { KitchenCaller } from '../../http/route-roles.ts';
export * from './kitchen-views.service.ts';
export * from './courses.service.ts';
export * from './account-lines.service.ts';
export * from './order-writes.service.ts';
export { followKitchenWith, type KitchenFollower, type LineNews } from './kitchen-followers.ts';
