/** Wire contracts of the kitchen and bar (issue 7). */
export {};
