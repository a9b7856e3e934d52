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

/** Where axe looks and what it checks beyond WCAG 2.1 AA. */
export interface AxeScope {
  /** A CSS selector: only that part of the page. */
  readonly within?: string;
  /**
   * Rules run besides the WCAG ones (axe's best practices, such as `heading-order`); asked for by name, so any
   * violation of theirs counts, whatever impact axe gives it (heading-order's is only "moderate").
   */
  readonly rules?: readonly string[];
}

/**
 * Runs axe-core in the page against WCAG 2.1 AA and returns the serious and critical violations, one readable
 * line each (rule, help, the elements); `within` (a CSS selector) limits it to one part of the page, `rules`
 * adds rules outside WCAG. The page's context needs `bypassCSP: true`: the injected script is inline.
 */
export async function seriousAccessibilityViolations(
  page: Page,
  scope: string | AxeScope = {},
): Promise<string[]> {
  const { within, rules = [] } = typeof scope === 'string' ? { within: scope } : scope;
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
    async ({ tags, selector, extra }) => {
      const axe = (
        window as unknown as {
          axe: { run(context: Document | string, options: unknown): Promise<{ violations: unknown }> };
        }
      ).axe;
      const result = await axe.run(selector ?? document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(extra.map((rule) => [rule, { enabled: true }])),
        resultTypes: ['violations'],
      });
      return result.violations;
    },
    { tags: WCAG_21_AA, selector: within ?? null, extra: rules },
  );
  return (violations as AxeViolation[])
    .filter(
      (violation) =>
        violation.impact === 'serious' || violation.impact === 'critical' || rules.includes(violation.id),
    )
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
