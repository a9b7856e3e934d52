/** Wire contracts of bills, payments and tips (issue 9). */
export {};
