/** Wire contracts of staff notifications (issue 8). */
export {};
