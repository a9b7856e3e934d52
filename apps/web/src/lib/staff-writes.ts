/**
 * What every staff write's mutation runs with. TanStack Query holds a mutation back while the browser says it
 * is offline (`networkMode: 'online'`); staff writes must run at once instead: the ones decision 051 covers
 * queue themselves (`sendOrQueue`) and the screen says so, money and invoices fail at once saying they need
 * the connection.
 */
export const STAFF_WRITE = { networkMode: 'always' } as const;
