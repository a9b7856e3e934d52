// The menu editor (/ebitdata, decision 060), one file per section.
export * from './admin-menus-view.service.ts';
export * from './admin-menu-tree.service.ts';
export * from './admin-products.service.ts';
export * from './admin-option-types.service.ts';
export * from './admin-menu-order.service.ts';
