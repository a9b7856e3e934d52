import type { PosCalls } from './api/pos-api.ts';

/**
 * Opens a bill's PDF in a new tab. The tab is opened on the tap, before the call, while it still counts
 * as the user's (a tab opened later is blocked); a blocked one gets the PDF saved instead, and the till
 * stays on screen. A failed call closes the tab and is thrown to the screen.
 */
export async function openBillPdf(
  calls: PosCalls,
  bill: { readonly id: number; readonly invoiceNumber: string | null },
): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await calls.billPdf(bill.id));
    if (tab) {
      tab.location.href = url;
    } else {
      const link = document.createElement('a');
      link.href = url;
      link.download = `${bill.invoiceNumber ?? bill.id}.pdf`;
      link.click();
    }
    // Long enough for the viewer to read it, and the tablet does not keep every PDF of the day.
    setTimeout(() => URL.revokeObjectURL(url), 120_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
