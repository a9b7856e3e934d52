/** Rules of the product-order lifecycle and order visibility (issue 7). */
export {};
