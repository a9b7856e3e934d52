import { z } from 'zod';

/** An allergen as staff screens name it: its EU code and its name in the venue's language. */
export const namedAllergenSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/**
 * A table's allergies on every ticket and tile of the table (issue 18): the allergens its guests declared
 * on their phones and staff declared, and the dietary note staff took ("Celíaca"). The booking's own comment
 * travels beside them, apart: it may name an allergy, a high chair or a birthday, so tickets show it under
 * its own label and the floor's allergy marker never calls it an allergy.
 */
export const tableAllergiesSchema = z.object({
  allergens: z.array(namedAllergenSchema),
  notes: z.array(z.string()),
  bookingComment: z.string().nullable(),
});
export type TableAllergies = z.infer<typeof tableAllergiesSchema>;
