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

export interface CartLine {
  readonly sku: string;
  readonly options: readonly CartOptionChoice[];
  /** Units for a normal product; pieces for a unitary one. */
  readonly quantity: number;
  readonly comments?: string;
}

/** The options in a canonical order, so equal choices compare equal whatever order they were picked in. */
export function canonicalOptions(options: readonly CartOptionChoice[]): CartOptionChoice[] {
  return [...options].sort(
    (a, b) => a.optionTypeId - b.optionTypeId || a.productChoiceId - b.productChoiceId,
  );
}

/** The identity of a line: sku, options (canonical) and comment. */
export function cartLineKey(line: Pick<CartLine, 'sku' | 'options' | 'comments'>): string {
  const options = canonicalOptions(line.options)
    .map((option) => `${option.optionTypeId}:${option.productChoiceId}`)
    .join(',');
  return `${line.sku}|${options}|${(line.comments ?? '').trim()}`;
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
): CartLine[] {
  const line: CartLine = {
    sku: product.sku,
    options: canonicalOptions(options),
    quantity: initialQuantity(product),
    ...(comments?.trim() ? { comments: comments.trim() } : {}),
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
