export * from './menu-admin.ts';
