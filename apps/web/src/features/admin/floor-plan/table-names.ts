/** The first number no active table is called yet: staff call tables by number ("la 21"). */
export function nextTableName(tables: readonly { readonly name: string }[]): string {
  const taken = new Set(tables.map((table) => table.name.trim().toLowerCase()));
  let number = tables.length + 1;
  while (taken.has(String(number))) number += 1;
  return String(number);
}
