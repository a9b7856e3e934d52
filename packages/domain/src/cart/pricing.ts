import { cents, type Cents } from '../money.ts';

/**
 * Price of an order line, computed from the venue's current catalogue only (SEC-10: a client's prices
 * are never read). All amounts are integer cents with VAT included; each line keeps the VAT rate of its
 * product at order time (a snapshot: a later change of rate or price never rewrites an account).
 */

export interface PricedOption {
  readonly optionTypeId: number;
  readonly optionId: number;
  readonly priceModifierCents: number;
}

export interface OptionTypeRule {
  readonly id: number;
  readonly minChoices: number;
  readonly maxChoices: number;
}

export type OptionProblem =
  | { readonly kind: 'unknown_option'; readonly optionTypeId: number; readonly optionId: number }
  | { readonly kind: 'too_few'; readonly optionTypeId: number }
  | { readonly kind: 'too_many'; readonly optionTypeId: number }
  | { readonly kind: 'duplicate'; readonly optionTypeId: number; readonly optionId: number };

/**
 * Checks chosen options against the product's option types: every choice must belong to an offered type
 * and an enabled option, each type gets between its min and max choices, no option twice.
 */
export function optionProblems(
  types: readonly OptionTypeRule[],
  offered: ReadonlyMap<number, PricedOption>,
  chosen: readonly { optionTypeId: number; optionId: number }[],
): OptionProblem[] {
  const problems: OptionProblem[] = [];
  const seen = new Set<number>();
  const perType = new Map<number, number>();
  for (const choice of chosen) {
    const option = offered.get(choice.optionId);
    if (!option || option.optionTypeId !== choice.optionTypeId) {
      problems.push({ kind: 'unknown_option', optionTypeId: choice.optionTypeId, optionId: choice.optionId });
      continue;
    }
    if (seen.has(choice.optionId)) {
      problems.push({ kind: 'duplicate', optionTypeId: choice.optionTypeId, optionId: choice.optionId });
      continue;
    }
    seen.add(choice.optionId);
    perType.set(choice.optionTypeId, (perType.get(choice.optionTypeId) ?? 0) + 1);
  }
  for (const type of types) {
    const count = perType.get(type.id) ?? 0;
    if (count < type.minChoices) problems.push({ kind: 'too_few', optionTypeId: type.id });
    if (count > type.maxChoices) problems.push({ kind: 'too_many', optionTypeId: type.id });
  }
  return problems;
}

/**
 * Unit price of a product with its options: base plus every modifier. It may come out negative: the menu
 * rules keep it from doing so (decision 078), and a caller meeting a negative one refuses the line
 * rather than give the dish away.
 */
export function unitPriceCents(basePriceCents: number, options: readonly PricedOption[]): Cents {
  return options.reduce<Cents>(
    (sum, option) => cents(sum + cents(option.priceModifierCents)),
    cents(basePriceCents),
  );
}

/** A course of a menú del día with what it offers (product id → supplement). */
export interface MenuCourseRule {
  readonly id: number;
  readonly minChoices: number;
  readonly maxChoices: number;
  readonly items: ReadonlyMap<number, number>;
}

export type MenuProblem =
  | { readonly kind: 'not_offered'; readonly courseId: number; readonly productId: number }
  | { readonly kind: 'unknown_course'; readonly courseId: number }
  | { readonly kind: 'too_few'; readonly courseId: number }
  | { readonly kind: 'too_many'; readonly courseId: number };

/** A dish chosen for a course, with the options picked for it (a beer's size, a steak's side). */
export interface MenuCourseChoice {
  readonly courseId: number;
  readonly productId: number;
  /** Already checked against the dish's option types (see {@link optionProblems}). */
  readonly options?: readonly PricedOption[];
}

/**
 * The price of a course dish inside a menú del día: the course's supplement for it plus the price
 * modifiers of its options. The dish's own price is not charged: the menu price covers it; only what the
 * guest adds on top is (a large beer instead of a small one is the same +1 € in or out of the menu). What
 * is added on top is never less than nothing: the menu's price is fixed, so "sin guarnición" −2 € takes
 * off a supplement but not the menu (decision 078).
 */
export function courseChoicePriceCents(
  supplementCents: number,
  options: readonly PricedOption[] = [],
): Cents {
  return cents(Math.max(0, unitPriceCents(supplementCents, options)));
}

/**
 * Checks the choices of a menú del día (one choice per course by default, min..max per course) and
 * returns what to charge on top of the menu price: supplements plus the options of the chosen dishes.
 */
export function menuChoices(
  courses: readonly MenuCourseRule[],
  chosen: readonly MenuCourseChoice[],
): { problems: MenuProblem[]; supplementCents: Cents } {
  const problems: MenuProblem[] = [];
  const byId = new Map(courses.map((course) => [course.id, course]));
  const perCourse = new Map<number, number>();
  let supplement = cents(0);
  for (const choice of chosen) {
    const course = byId.get(choice.courseId);
    if (!course) {
      problems.push({ kind: 'unknown_course', courseId: choice.courseId });
      continue;
    }
    const extra = course.items.get(choice.productId);
    if (extra === undefined) {
      problems.push({ kind: 'not_offered', courseId: choice.courseId, productId: choice.productId });
      continue;
    }
    supplement = cents(supplement + courseChoicePriceCents(extra, choice.options));
    perCourse.set(course.id, (perCourse.get(course.id) ?? 0) + 1);
  }
  for (const course of courses) {
    const count = perCourse.get(course.id) ?? 0;
    if (count < course.minChoices) problems.push({ kind: 'too_few', courseId: course.id });
    if (count > course.maxChoices) problems.push({ kind: 'too_many', courseId: course.id });
  }
  return { problems, supplementCents: supplement };
}

/** A priced line: unit price × units, with the VAT rate snapshot and the VAT part (rounded half up). */
export interface PricedLine {
  readonly unitPriceCents: Cents;
  readonly units: number;
  readonly totalCents: Cents;
  readonly vatRateBp: number;
  readonly vatCents: Cents;
}

/** Prices a line (VAT included): the VAT part is total × rate / (10000 + rate), rounded to the cent. */
export function priceLine(unitPrice: Cents, units: number, vatRateBp: number): PricedLine {
  if (!Number.isSafeInteger(units) || units < 1) throw new RangeError(`units must be a positive integer`);
  const total = cents(unitPrice * units);
  const vat = cents(Math.round((total * vatRateBp) / (10000 + vatRateBp)));
  return { unitPriceCents: unitPrice, units, totalCents: total, vatRateBp, vatCents: vat };
}

/** The total of priced lines. */
export function orderTotalCents(lines: readonly Pick<PricedLine, 'totalCents'>[]): Cents {
  return lines.reduce((sum, line) => cents(sum + line.totalCents), cents(0));
}
