import type { CartOptionChoice } from './cart.ts';
import { canonicalOptions, isValidQuantity } from './cart.ts';
import {
  courseChoicePriceCents,
  menuChoices,
  optionProblems,
  unitPriceCents,
  type MenuCourseRule,
  type OptionTypeRule,
  type PricedOption,
} from './pricing.ts';

/**
 * Planning an order (spec §4 "cart session order", SEC-10): every sent line checked and priced from the
 * venue's catalogue alone, menú del día courses included. Pure: the guest order, the takeaway order and
 * the kitchen's complete-menu read the catalogue and map the problems to their replies.
 */

/** What planning reads of a product. */
export interface PlanProduct {
  readonly id: number;
  readonly sku: string;
  readonly isVisible: boolean;
  readonly available: boolean;
  readonly isUnitary: boolean;
  readonly servingQtyMin: number;
  readonly unitaryIncrement: number;
  readonly dishClassId: number | null;
  readonly modifyDishClass: boolean;
  readonly isMenu: boolean;
  readonly isShareable: boolean;
  readonly priceCents: number;
}

/** What planning reads of a menú del día's courses: the courses and what each offers. */
export interface CourseCatalogue {
  readonly courseRows: readonly {
    readonly id: number;
    readonly menuProductId: number;
    readonly minChoices: number;
    readonly maxChoices: number;
    readonly dishClassId: number | null;
  }[];
  /** A course item offers one product, or every product listed in a category. */
  readonly courseItemRows: readonly {
    readonly courseId: number;
    readonly productId: number | null;
    readonly categoryId: number | null;
    readonly supplementCents: number;
  }[];
  readonly listing: readonly { readonly categoryId: number; readonly productId: number }[];
}

/** The catalogue rows an order is planned from (only its products need be there). */
export interface PlanCatalogue<P extends PlanProduct> extends CourseCatalogue {
  readonly productRows: readonly P[];
  readonly optionRows: readonly {
    readonly id: number;
    readonly optionTypeId: number;
    readonly priceModifierCents: number;
    readonly name: string;
    readonly enabled: boolean;
  }[];
  readonly optionTypeRows: readonly OptionTypeRule[];
  readonly productTypes: readonly { readonly productId: number; readonly optionTypeId: number }[];
  readonly dishClassRows: readonly { readonly id: number }[];
}

/** A course of a menú del día: its rule (offered product id → supplement) and its dish class. */
export interface MenuCourse extends MenuCourseRule {
  readonly dishClassId: number | null;
}

/** The courses of the menú del día `menuProductId`, each with the products it offers and their supplements. */
export function menuCourses(catalogue: CourseCatalogue, menuProductId: number): MenuCourse[] {
  return catalogue.courseRows
    .filter((course) => course.menuProductId === menuProductId)
    .map((course) => ({
      id: course.id,
      minChoices: course.minChoices,
      maxChoices: course.maxChoices,
      dishClassId: course.dishClassId,
      items: new Map(
        catalogue.courseItemRows
          .filter((item) => item.courseId === course.id)
          .flatMap((item) =>
            item.productId !== null
              ? [[item.productId, item.supplementCents] as const]
              : catalogue.listing
                  .filter((entry) => entry.categoryId === item.categoryId)
                  .map((entry) => [entry.productId, item.supplementCents] as const),
          ),
      ),
    }));
}

/** A line as sent (the order contract's cart line, prices left out). */
export interface OrderLineRequest {
  readonly sku: string;
  readonly options: readonly CartOptionChoice[];
  readonly orderQuantity: number;
  readonly modifyDishClass?: number | null | undefined;
  readonly isShareable?: boolean | 0 | 1 | undefined;
  readonly units?: number | undefined;
  readonly comments?: string | undefined;
  readonly staffComments?: string | undefined;
  readonly menuChoices?:
    | readonly {
        readonly courseId: number;
        readonly sku: string;
        readonly options?: readonly CartOptionChoice[] | undefined;
      }[]
    | undefined;
}

/** An option picked for a line or a course dish, priced and named. */
export interface PlannedChoice {
  readonly optionTypeId: number;
  readonly optionId: number;
  readonly choiceName: string;
  readonly priceModifierCents: number;
}

/** A course dish of a planned menú del día line. */
export interface PlannedCourseDish<P extends PlanProduct> {
  readonly product: P;
  /** The course supplement plus the price modifiers of the dish's options. */
  readonly priceCents: number;
  /** The dish's own price with its options: what it costs once taken out of the menu. */
  readonly onItsOwnCents: number;
  readonly choices: PlannedChoice[];
  readonly dishClassId: number | null;
}

export interface PlannedLine<P extends PlanProduct> {
  readonly product: P;
  readonly units: number;
  readonly unitPriceCents: number;
  readonly choices: PlannedChoice[];
  readonly dishClassId: number | null;
  readonly isShareable: boolean;
  readonly comments: string | null;
  readonly staffComments: string | null;
  readonly children: PlannedCourseDish<P>[];
}

/** A problem with a sent field: where (`products.0.options`) and what. */
export interface PlanFieldProblem {
  readonly path: string;
  readonly message: string;
}

/**
 * Why an order cannot be planned, in the order they are looked for: a sku the venue does not sell (or an
 * invisible product for a guest), then bad fields, then a dish its options would price below 0 € (the
 * first such, with that price; decision 078), then sold-out products.
 */
export type OrderPlanProblem =
  | { readonly kind: 'unknown_product' }
  | { readonly kind: 'invalid'; readonly fields: readonly PlanFieldProblem[] }
  | { readonly kind: 'below_zero'; readonly sku: string; readonly unitPriceCents: number }
  | { readonly kind: 'unavailable'; readonly skus: readonly string[] };

export type OrderPlan<P extends PlanProduct> =
  | { readonly ok: true; readonly lines: PlannedLine<P>[] }
  | { readonly ok: false; readonly problem: OrderPlanProblem };

/**
 * Prices and checks every line from the venue's catalogue (SEC-10): a sku of another venue or an
 * invisible product for a guest is unknown, bad options, quantities, courses or dish classes are invalid,
 * a sold-out product (or course dish) unavailable. Client prices never enter.
 */
export function planOrder<P extends PlanProduct>(
  catalogue: PlanCatalogue<P>,
  lines: readonly OrderLineRequest[],
  sender: 'guest' | 'staff',
): OrderPlan<P> {
  const bySku = new Map(catalogue.productRows.map((row) => [row.sku, row]));
  const optionsById = new Map<number, PricedOption & { name: string }>(
    catalogue.optionRows
      .filter((row) => row.enabled)
      .map((row) => [
        row.id,
        {
          optionTypeId: row.optionTypeId,
          optionId: row.id,
          priceModifierCents: row.priceModifierCents,
          name: row.name,
        },
      ]),
  );
  const typeById = new Map(catalogue.optionTypeRows.map((row) => [row.id, row]));
  const dishClassIds = new Set(catalogue.dishClassRows.map((row) => row.id));
  const unavailable: string[] = [];
  const fields: PlanFieldProblem[] = [];
  // A dish priced below 0 € with its options: menus written before decision 078 may still allow one.
  const belowZero: { sku: string; unitPriceCents: number }[] = [];
  const planned: PlannedLine<P>[] = [];

  /**
   * Options of a product (a line's, or a course dish's inside a menú del día): only its option types,
   * enabled options, min..max per type. Problems go to `path`; the picked options come back priced.
   */
  const pickOptions = (
    productId: number,
    sent: readonly CartOptionChoice[],
    path: string,
  ): PlannedChoice[] => {
    const offeredTypes = catalogue.productTypes
      .filter((link) => link.productId === productId)
      .flatMap((link) => {
        const type = typeById.get(link.optionTypeId);
        return type ? [type] : [];
      });
    const offeredTypeIds = new Set(offeredTypes.map((type) => type.id));
    const offered = new Map([...optionsById].filter(([, option]) => offeredTypeIds.has(option.optionTypeId)));
    const chosen = canonicalOptions(sent).map((option) => ({
      optionTypeId: option.optionTypeId,
      optionId: option.productChoiceId,
    }));
    const problems = optionProblems(offeredTypes, offered, chosen);
    if (problems.length > 0) fields.push({ path, message: problems.map((p) => p.kind).join(', ') });
    return chosen.flatMap((choice) => {
      const option = offered.get(choice.optionId);
      return option
        ? [
            {
              optionTypeId: option.optionTypeId,
              optionId: option.optionId,
              choiceName: option.name,
              priceModifierCents: option.priceModifierCents,
            },
          ]
        : [];
    });
  };

  for (const [index, line] of lines.entries()) {
    const at = `products.${index}`;
    const product = bySku.get(line.sku);
    if (!product || (sender === 'guest' && !product.isVisible))
      return { ok: false, problem: { kind: 'unknown_product' } };
    if (!product.available) unavailable.push(product.sku);
    const picked = pickOptions(product.id, line.options, `${at}.options`);
    // Quantity: a unitary product in pieces (servingQtyMin, then steps), otherwise orderQuantity units.
    const pieces = product.isUnitary ? (line.units ?? product.servingQtyMin) : 1;
    if (product.isUnitary && !isValidQuantity(product, pieces))
      fields.push({
        path: `${at}.units`,
        message: `From ${product.servingQtyMin} in steps of ${product.unitaryIncrement}`,
      });
    if (!product.isUnitary && line.units !== undefined && line.units !== 1)
      fields.push({ path: `${at}.units`, message: 'Only for unitary products' });
    if (sender === 'guest' && line.staffComments !== undefined)
      fields.push({ path: `${at}.staffComments`, message: 'Staff only' });
    let dishClassId = product.dishClassId;
    if (
      line.modifyDishClass !== null &&
      line.modifyDishClass !== undefined &&
      line.modifyDishClass !== product.dishClassId
    ) {
      if (!dishClassIds.has(line.modifyDishClass) || !product.modifyDishClass)
        fields.push({ path: `${at}.modifyDishClass`, message: 'Unknown or not allowed' });
      else dishClassId = line.modifyDishClass;
    }
    // A menú del día: one choice per course (min..max), supplements on top.
    const children: PlannedCourseDish<P>[] = [];
    if (product.isMenu) {
      const courses = menuCourses(catalogue, product.id);
      // A dish's options are checked only when sent (decision 015): older clients take it plain.
      const picks = (line.menuChoices ?? []).map((pick, pickIndex) => {
        const dish = bySku.get(pick.sku);
        return {
          courseId: pick.courseId,
          productId: dish?.id ?? -1,
          choices:
            dish && pick.options !== undefined
              ? pickOptions(dish.id, pick.options, `${at}.menuChoices.${pickIndex}.options`)
              : [],
        };
      });
      const checked = menuChoices(
        courses,
        picks.map((pick) => ({ courseId: pick.courseId, productId: pick.productId, options: pick.choices })),
      );
      if (checked.problems.length > 0)
        fields.push({ path: `${at}.menuChoices`, message: checked.problems.map((p) => p.kind).join(', ') });
      for (const pick of picks) {
        const course = courses.find((candidate) => candidate.id === pick.courseId);
        const chosenProduct = catalogue.productRows.find((row) => row.id === pick.productId);
        if (!course || !chosenProduct) continue;
        if (!chosenProduct.available) unavailable.push(chosenProduct.sku);
        children.push({
          product: chosenProduct,
          priceCents: courseChoicePriceCents(course.items.get(chosenProduct.id) ?? 0, pick.choices),
          onItsOwnCents: unitPriceCents(chosenProduct.priceCents, pick.choices),
          choices: pick.choices,
          dishClassId: course.dishClassId ?? chosenProduct.dishClassId,
        });
      }
    } else if (line.menuChoices !== undefined && line.menuChoices.length > 0) {
      fields.push({ path: `${at}.menuChoices`, message: 'Only for a menú del día' });
    }
    if (fields.length > 0) continue;
    const unitPrice = unitPriceCents(product.priceCents, picked);
    if (unitPrice < 0) belowZero.push({ sku: product.sku, unitPriceCents: unitPrice });
    // A course dish taken out of its menu later is charged on its own: that price must hold too.
    for (const child of children)
      if (child.onItsOwnCents < 0)
        belowZero.push({ sku: child.product.sku, unitPriceCents: child.onItsOwnCents });
    planned.push({
      product,
      units: pieces * line.orderQuantity,
      unitPriceCents: unitPrice,
      choices: picked,
      dishClassId,
      isShareable:
        line.isShareable === undefined
          ? product.isShareable
          : line.isShareable === true || line.isShareable === 1,
      comments: line.comments?.trim() || null,
      staffComments: line.staffComments?.trim() || null,
      children,
    });
  }
  if (fields.length > 0) return { ok: false, problem: { kind: 'invalid', fields } };
  const [first] = belowZero;
  if (first) return { ok: false, problem: { kind: 'below_zero', ...first } };
  if (unavailable.length > 0)
    return { ok: false, problem: { kind: 'unavailable', skus: [...new Set(unavailable)] } };
  return { ok: true, lines: planned };
}
