import type { Browser } from 'playwright-core';

/**
 * CPU throttling calibrated to the host, the way Lighthouse's mobile profile intends its "4× slowdown": 4× on
 * its reference desktop, whose BenchmarkIndex is about 1,533 (Lighthouse's throttling calculator), emulates a
 * mid-tier phone scoring about 383. A fixed 4× on a slower host (this project's 2-core CI machines score
 * 1,000–1,450) would emulate a slower phone than the profile means, and on a faster laptop a faster one.
 */
export const MOBILE_BENCHMARK_INDEX = 1533 / 4;

/**
 * Lighthouse's BenchmarkIndex, measured in the page: half a second of building strings (garbage-collector
 * bound) and half a second of copying arrays, each as passes per second ÷ 10, averaged. A string, not a
 * function, so the bundler's helpers never reach the page.
 */
const BENCHMARK_INDEX_SOURCE = `(() => {
  const rate = (passes, started) => Math.round(passes / 10 / ((Date.now() - started) / 1000));
  const strings = () => {
    const started = Date.now();
    let passes = 0;
    while (Date.now() - started < 500) {
      let text = '';
      for (let i = 0; i < 10000; i += 1) text += 'a';
      if (text.length === 1) throw new Error('unreachable: keeps the loop from being optimised away');
      passes += 1;
    }
    return rate(passes, started);
  };
  const arrays = () => {
    const left = [];
    const right = [];
    for (let i = 0; i < 100000; i += 1) left[i] = right[i] = i;
    const started = Date.now();
    let passes = 0;
    // Checked every tenth pass only: reading the clock each pass hits a known V8 slow path on some CPUs.
    while (passes % 10 !== 0 || Date.now() - started < 500) {
      const from = passes % 2 === 0 ? left : right;
      const to = passes % 2 === 0 ? right : left;
      for (let i = 0; i < from.length; i += 1) to[i] = from[i];
      passes += 1;
    }
    return rate(passes, started);
  };
  return (strings() + arrays()) / 2;
})()`;

/** The host's BenchmarkIndex in this Chromium (median of three, unthrottled) and the rate that reaches the phone. */
export async function calibratedCpuRate(browser: Browser): Promise<{ hostIndex: number; rate: number }> {
  const page = await browser.newPage();
  try {
    const samples: number[] = [];
    for (let run = 0; run < 3; run += 1)
      samples.push((await page.evaluate(BENCHMARK_INDEX_SOURCE)) as number);
    const hostIndex = samples.sort((a, b) => a - b)[1]!;
    return { hostIndex, rate: Math.min(10, Math.max(1, hostIndex / MOBILE_BENCHMARK_INDEX)) };
  } finally {
    await page.close();
  }
}
