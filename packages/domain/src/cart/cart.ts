/**
 * The guest's cart (spec §4 "cart add"): pure rules shared by the guest menu, the commander and the
 * server. A line is a product with its chosen options; two lines with the same sku and the same options
 * (in any order) and the same comment are one line whose quantities add. A unitary product (ordered by
 * the piece) starts at `servingQtyMin` and grows by `unitaryIncrement`; subtracting at 1 (or at the
 * minimum of a unitary product) removes the line.
 */

/** One chosen option of a line. */
export interface CartOptionChoice {
  readonly optionTypeId: number;
  readonly productChoiceId: number;
}

/** What the cart needs to know of a product. */
export interface CartProductFacts {
  readonly sku: string;
  readonly isUnitary: boolean;
  readonly servingQtyMin: number;
  readonly unitaryIncrement: number;
}

/** The dish chosen for one course of a menú del día, with its own options (decision 015). */
export interface CartMenuChoice {
  readonly courseId: number;
  readonly sku: string;
  readonly options: readonly CartOptionChoice[];
}

export interface CartLine {
  readonly sku: string;
  readonly options: readonly CartOptionChoice[];
  /** Units for a normal product; pieces for a unitary one. */
  readonly quantity: number;
  readonly comments?: string;
  /** A menú del día's course choices: two menus merge only with the same dishes and options. */
  readonly menuChoices?: readonly CartMenuChoice[];
  /** Staff's note for kitchen and bar (the commander's `cartProductStaffComments`); never a guest's. */
  readonly staffComments?: string;
}

/** What else tells a line apart besides sku, options and comment. */
export interface CartLineExtras {
  readonly menuChoices?: readonly CartMenuChoice[];
  readonly staffComments?: string;
}

/** The options in a canonical order, so equal choices compare equal whatever order they were picked in. */
export function canonicalOptions(options: readonly CartOptionChoice[]): CartOptionChoice[] {
  return [...options].sort(
    (a, b) => a.optionTypeId - b.optionTypeId || a.productChoiceId - b.productChoiceId,
  );
}

const optionsKey = (options: readonly CartOptionChoice[]) =>
  canonicalOptions(options)
    .map((option) => `${option.optionTypeId}:${option.productChoiceId}`)
    .join(',');

/** The course choices in a canonical order (by course, then sku), each with canonical options. */
export function canonicalMenuChoices(choices: readonly CartMenuChoice[]): CartMenuChoice[] {
  return [...choices]
    .map((choice) => ({ ...choice, options: canonicalOptions(choice.options) }))
    .sort(
      (a, b) =>
        a.courseId - b.courseId ||
        a.sku.localeCompare(b.sku) ||
        (optionsKey(a.options) < optionsKey(b.options) ? -1 : 1),
    );
}

/** The identity of a line: sku, options (canonical), comment and, for a menú del día, its course choices. */
export function cartLineKey(
  line: Pick<CartLine, 'sku' | 'options' | 'comments' | 'menuChoices' | 'staffComments'>,
): string {
  const choices = canonicalMenuChoices(line.menuChoices ?? [])
    .map((choice) => `${choice.courseId}=${choice.sku}(${optionsKey(choice.options)})`)
    .join(';');
  return `${line.sku}|${optionsKey(line.options)}|${(line.comments ?? '').trim()}|${choices}|${(line.staffComments ?? '').trim()}`;
}

/** The first quantity of a product added to the cart. */
export function initialQuantity(product: CartProductFacts): number {
  return product.isUnitary ? Math.max(1, product.servingQtyMin) : 1;
}

/** How much one "+" adds. */
export function quantityStep(product: CartProductFacts): number {
  return product.isUnitary ? Math.max(1, product.unitaryIncrement) : 1;
}

/** The smallest quantity a line may hold; one "-" at it removes the line. */
export function minimumQuantity(product: CartProductFacts): number {
  return product.isUnitary ? Math.max(1, product.servingQtyMin) : 1;
}

/** Adds a product with options: merges into an equal line (quantities add) or appends a new one. */
export function addToCart(
  cart: readonly CartLine[],
  product: CartProductFacts,
  options: readonly CartOptionChoice[] = [],
  comments?: string,
  { menuChoices = [], staffComments }: CartLineExtras = {},
): CartLine[] {
  const line: CartLine = {
    sku: product.sku,
    options: canonicalOptions(options),
    quantity: initialQuantity(product),
    ...(comments?.trim() ? { comments: comments.trim() } : {}),
    ...(menuChoices.length > 0 ? { menuChoices: canonicalMenuChoices(menuChoices) } : {}),
    ...(staffComments?.trim() ? { staffComments: staffComments.trim() } : {}),
  };
  const key = cartLineKey(line);
  const index = cart.findIndex((existing) => cartLineKey(existing) === key);
  if (index < 0) return [...cart, line];
  return cart.map((existing, at) =>
    at === index ? { ...existing, quantity: existing.quantity + line.quantity } : existing,
  );
}

/** One "+" on a line. */
export function incrementLine(
  cart: readonly CartLine[],
  index: number,
  product: CartProductFacts,
): CartLine[] {
  return cart.map((line, at) =>
    at === index ? { ...line, quantity: line.quantity + quantityStep(product) } : line,
  );
}

/** One "-" on a line: at 1, or at a unitary product's minimum, the line is removed. */
export function decrementLine(
  cart: readonly CartLine[],
  index: number,
  product: CartProductFacts,
): CartLine[] {
  const line = cart[index];
  if (!line) return [...cart];
  const next = line.quantity - quantityStep(product);
  if (line.quantity <= minimumQuantity(product) || next < minimumQuantity(product)) {
    return cart.filter((_, at) => at !== index);
  }
  return cart.map((existing, at) => (at === index ? { ...existing, quantity: next } : existing));
}

/** Whether a quantity is one the product can be ordered in (server-side check of a sent line). */
export function isValidQuantity(product: CartProductFacts, quantity: number): boolean {
  if (!Number.isSafeInteger(quantity) || quantity < 1) return false;
  if (!product.isUnitary) return true;
  const min = minimumQuantity(product);
  return quantity >= min && (quantity - min) % quantityStep(product) === 0;
}
