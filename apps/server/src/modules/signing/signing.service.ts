// What other modules call of signing (decision 068): each venue's key pair, which signs the print helper's
// drawer tickets and seals the guest's read-only asset tokens (decision 023).
export * from './venue-keys.ts';
