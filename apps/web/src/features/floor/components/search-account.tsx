import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { searchAccountQuery } from '../api/floor-api.ts';
import { floorErrorText } from '../floor-errors.ts';
import { reservationLine } from './floor-forms.tsx';

/** Finding an account by name, phone or reference (search-account), each result opening it. */
export function SearchAccount(props: {
  date: string | null;
  roleId: number | null;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('floor');
  const [q, setQ] = useState('');
  // The term asked for: the results are the query's, asked again for each new term.
  const [asked, setAsked] = useState<string | null>(null);
  const search = useQuery({
    ...searchAccountQuery(asked ?? '', props.date, props.roleId),
    enabled: asked !== null,
    // The last results stay on screen while a new term is asked.
    placeholderData: (previous) => previous,
  });
  const results = search.data?.reservations;
  const error = search.isError ? floorErrorText(search.error, t) : null;
  return (
    <div className="floor-form">
      <form
        className="floor-search"
        onSubmit={(event) => {
          event.preventDefault();
          if (q.trim() === '') return;
          if (q.trim() === asked) void search.refetch();
          else setAsked(q.trim());
        }}
      >
        <label className="floor-field">
          <span className="floor-field__label">{t('search.query')}</span>
          <input
            className="floor-input"
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </label>
        <button type="submit" className="button button--primary button--large">
          {t('toolbar.search')}
        </button>
      </form>
      {error && (
        <p className="notice notice--error" role="alert">
          <span className="notice__body">{error}</span>
        </p>
      )}
      {results && results.length === 0 && <p className="muted">{t('search.none')}</p>}
      {results && results.length > 0 && (
        <ul className="floor-search__results">
          {results.map((reservation) => (
            <li key={reservation.id}>
              <button type="button" className="floor-list__row" onClick={() => props.onOpen(reservation.id)}>
                {reservationLine(reservation)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
