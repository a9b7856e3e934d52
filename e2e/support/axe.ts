import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The tags of the success criteria of WCAG 2.1 levels A and AA (what the guest pages must meet). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  readonly id: string;
  readonly impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[]; readonly failureSummary?: string }[];
}

/**
 * Runs axe-core in the page against WCAG 2.1 AA and returns the serious and critical violations, one readable
 * line each (rule, help, the elements); `within` (a CSS selector) limits it to one part of the page. The
 * page's context needs `bypassCSP: true`: the injected script is inline.
 */
export async function seriousAccessibilityViolations(page: Page, within?: string): Promise<string[]> {
  // Colours measured mid-animation (a modal fading in) are not the colours people read: let them settle first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(
    async ({ tags, selector }) => {
      const axe = (
        window as unknown as {
          axe: { run(context: Document | string, options: unknown): Promise<{ violations: unknown }> };
        }
      ).axe;
      const result = await axe.run(selector ?? document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations;
    },
    { tags: WCAG_21_AA, selector: within ?? null },
  );
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .map(
            (node) =>
              `${node.target.join(' ')}${node.failureSummary ? ` (${node.failureSummary.replace(/\s+/g, ' ')})` : ''}`,
          )
          .join('; ')}`,
    );
}
