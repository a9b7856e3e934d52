import { useTranslation } from '../../../i18n/use-translation.ts';
import type { TicketAllergies } from '../tickets.ts';

/**
 * The table's declared allergens and dietary notes across the top of each of its tickets (issue 18), in
 * the warning colour, so a cook sees them before the first dish; the booking's comment under them, under its
 * own label (it may name an allergy the guest typed there, or a birthday).
 */
export function TableAllergiesBand(props: { readonly allergies: TicketAllergies }) {
  const { t } = useTranslation('kitchen');
  const { allergens, notes, bookingComment } = props.allergies;
  return (
    <>
      {(allergens.length > 0 || notes.length > 0) && (
        <p className="kitchen-ticket__allergies" role="note">
          <strong>{t('ticket.allergies')}</strong>
          {allergens.length > 0 && <span> {allergens.join(', ')}</span>}
          {notes.map((note) => (
            <span key={note} className="kitchen-ticket__allergy-note">
              {' · '}
              {note}
            </span>
          ))}
        </p>
      )}
      {bookingComment !== null && (
        <p className="kitchen-ticket__booking-comment" role="note">
          <strong>{t('ticket.bookingComment')}</strong> {bookingComment}
        </p>
      )}
    </>
  );
}
