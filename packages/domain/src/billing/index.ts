/** Rules of bill totals, VAT, rounding, splits and change (issue 9). */
export {};
