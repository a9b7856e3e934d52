/** The till cycle and the Z report (issue 24, decision 033). */
export * from './till.ts';
export * from './z-report.ts';
export * from './reports.ts';
export * from './owner-report.ts';
export * from './owner-report-csv.ts';
