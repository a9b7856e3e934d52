/** VERI*FACTU: pure rules of the Spanish billing records (issue 23, decision 032). */
export * from './records.ts';
export * from './qr.ts';
export * from './chain.ts';
