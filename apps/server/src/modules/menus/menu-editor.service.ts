// The menu editor's reads and writes of the menu tables (decision 068): menus owns menus, categories,
// products, option types, courses and their texts, so the admin editor (`admin-menus.service.ts`) changes them
// through these, never with SQL of its own.
export * from './menu-editor.repository.ts';
export * from './menu-tree.repository.ts';
export * from './product-editor.repository.ts';
export * from './option-types.repository.ts';
export * from './menu-order-texts.repository.ts';
