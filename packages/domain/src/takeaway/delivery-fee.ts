/**
 * The delivery fee is a line of the order's account (decision 036), so the bill, its fiscal record and an
 * online payment add up to what the guest was told. Its line needs a product: one per venue under this
 * sku, which no menu lists, no station prepares and the reports' product breakdown leaves out.
 */
export const DELIVERY_FEE_SKU = 'sobremesa:gastos-de-envio';
