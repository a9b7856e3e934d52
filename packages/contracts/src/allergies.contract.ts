import { z } from 'zod';

/** An allergen as staff screens name it: its EU code and its name in the venue's language. */
export const namedAllergenSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/**
 * A table's allergies on every ticket and tile of the table (issue 18): the allergens its guests declared
 * on their phones and staff declared, and the booking's and staff's dietary notes ("Celíaca").
 */
export const tableAllergiesSchema = z.object({
  allergens: z.array(namedAllergenSchema),
  notes: z.array(z.string()),
});
export type TableAllergies = z.infer<typeof tableAllergiesSchema>;
