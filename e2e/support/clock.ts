import type { Page } from 'playwright-core';

/**
 * Stops the page's installed clock a moment ahead of where it reads now. Between reading the page's clock and
 * the pause landing, a busy machine can let more than that moment pass, and pausing at a time already gone is
 * refused ("Cannot fast-forward to the past"): then it reads the clock again and asks with twice the margin.
 * The margin stays far inside the second-long timers the specs hold back.
 */
export async function pauseClockNow(page: Page): Promise<void> {
  for (let marginMs = 50; ; marginMs *= 2) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + marginMs);
      return;
    } catch (error) {
      if (marginMs >= 400 || !String(error).includes('to the past')) throw error;
    }
  }
}
