// The menu CSV's reads and writes of the menu tables (decision 068): menus owns them, so `menu-csv` checks a
// file and writes what it says through these.
export * from './menu-import.repository.ts';
