import type { AdminFloorCombination, AdminFloorTable } from '@sobremesa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
import { failureOf, fieldProblem, type Failure } from './floor-failure.ts';
import type { CombinationDraft } from '../api/floor-plan-api.ts';

/** A field of the form: a name, or a party size (a number keyboard on a phone). */
function CombinationField(props: {
  id: string;
  label: string;
  number?: boolean;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        className="input"
        {...(props.number ? { type: 'number', inputMode: 'numeric' } : { autoComplete: 'off' })}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.problem && <p className="field__error">{props.problem}</p>}
    </div>
  );
}

/** The tables of this room the venue joins for larger parties, and the party sizes each join seats. */
export function Combinations(props: {
  tables: readonly AdminFloorTable[];
  combinations: readonly AdminFloorCombination[];
  create: (draft: CombinationDraft) => Promise<unknown>;
  remove: (combination: AdminFloorCombination) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [name, setName] = useState('');
  const [tableIds, setTableIds] = useState<number[]>([]);
  const [minPax, setMinPax] = useState('');
  const [maxPax, setMaxPax] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const names = new Map(props.tables.map((table) => [table.id, table.name]));
  const problem = (path: string) => fieldProblem(failure, path, t);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await props.create({ name, tableIds, minPax: Number(minPax), maxPax: Number(maxPax) });
      setName('');
      setTableIds([]);
      setMinPax('');
      setMaxPax('');
    } catch (error) {
      setFailure(failureOf(error, t));
    }
  }

  const general =
    failure && !failure.fields.some((field) => ['name', 'tableIds', 'minPax', 'maxPax'].includes(field.path))
      ? failure.message
      : null;

  return (
    <AdminSection
      id={`${id}-title`}
      title={t('floorPlan.combinations.title')}
      intro={t('floorPlan.combinations.intro')}
    >
      {props.combinations.length === 0 ? (
        <p className="muted">{t('floorPlan.combinations.none')}</p>
      ) : (
        <ul className="plan-combinations">
          {props.combinations.map((combination) => (
            <li key={combination.id}>
              <span>
                {t('floorPlan.combinations.line', {
                  name: combination.name,
                  tables: combination.tableIds.map((tableId) => names.get(tableId) ?? tableId).join(' + '),
                  min: combination.minPax,
                  max: combination.maxPax,
                })}
              </span>
              <button
                type="button"
                className="button button--quiet"
                onClick={() => props.remove(combination)}
              >
                {t('floorPlan.combinations.remove', { name: combination.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="admin-section__form" noValidate onSubmit={(event) => void submit(event)}>
        <CombinationField
          id={`${id}-name`}
          label={t('floorPlan.combinations.name')}
          value={name}
          onChange={setName}
          problem={problem('name')}
        />
        <fieldset className="admin-choices" aria-invalid={problem('tableIds') ? true : undefined}>
          <legend className="field__label">{t('floorPlan.combinations.tables')}</legend>
          {props.tables.map((table) => (
            <label key={table.id} className="plan-form__check">
              <input
                type="checkbox"
                checked={tableIds.includes(table.id)}
                onChange={(event) =>
                  setTableIds((current) =>
                    event.target.checked
                      ? [...current, table.id]
                      : current.filter((chosen) => chosen !== table.id),
                  )
                }
              />
              {table.name}
            </label>
          ))}
          {problem('tableIds') && <p className="field__error">{problem('tableIds')}</p>}
        </fieldset>
        <div className="plan-form__pair">
          <CombinationField
            id={`${id}-min`}
            label={t('floorPlan.table.minPax')}
            number
            value={minPax}
            onChange={setMinPax}
            problem={problem('minPax')}
          />
          <CombinationField
            id={`${id}-max`}
            label={t('floorPlan.table.maxPax')}
            number
            value={maxPax}
            onChange={setMaxPax}
            problem={problem('maxPax')}
          />
        </div>
        {general && (
          <p className="notice notice--error" role="alert">
            {general}
          </p>
        )}
        <div className="admin-section__actions">
          <button type="submit" className="button button--primary">
            {t('floorPlan.combinations.add')}
          </button>
        </div>
      </form>
    </AdminSection>
  );
}
