import type { AdminOptionType } from '@sobremesa/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { centsToInput, inputToCents } from '../admin-menus-model.ts';
import { adminMenuCalls } from '../api/admin-menus-api.ts';
import { MenuCheck, MenuInput, useFieldError } from './menu-field.tsx';
import { MenuFormActions } from './menu-form-actions.tsx';
import { useMenuWrite } from './use-menu-write.ts';

interface OptionDraft {
  readonly key: string;
  readonly id?: number;
  readonly name: string;
  readonly modifier: string;
  readonly enabled: boolean;
}

let newOptionKey = 0;

/**
 * An option type (Punto de la carne, Guarnición) with how many a guest picks and its options, each with
 * what it adds to or takes off the price. A new one when `type` is null.
 */
export function OptionTypeForm({ type }: { readonly type: AdminOptionType | null }) {
  const { t } = useTranslation('adminMenus');
  const [name, setName] = useState(type?.name ?? '');
  const [minChoices, setMin] = useState(String(type?.minChoices ?? 0));
  const [maxChoices, setMax] = useState(String(type?.maxChoices ?? 1));
  const [options, setOptions] = useState<OptionDraft[]>(
    (type?.options ?? []).map((option) => ({
      key: `o${option.id}`,
      id: option.id,
      name: option.name,
      modifier: centsToInput(option.priceModifierCents),
      enabled: option.enabled,
    })),
  );
  const { run, failure } = useMenuWrite();
  const fieldError = useFieldError(failure);
  const prefix = `option-type-${type?.id ?? 'new'}`;
  const count = (value: string) => (/^\s*\d+\s*$/.test(value) ? Number(value) : value);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      name,
      minChoices: count(minChoices),
      maxChoices: count(maxChoices),
      options: options.map((option) => ({
        ...(option.id === undefined ? {} : { id: option.id }),
        name: option.name,
        priceModifierCents: inputToCents(option.modifier) ?? option.modifier,
        enabled: option.enabled,
      })),
    };
    const saved = await run(
      () =>
        type ? adminMenuCalls.optionTypes.update(type.id, body) : adminMenuCalls.optionTypes.create(body),
      () => t('optionTypes.saved', { name }),
    );
    if (saved && !type) {
      setName('');
      setOptions([]);
    }
  }

  async function remove() {
    if (!type) return;
    await run(
      () => adminMenuCalls.optionTypes.remove(type.id),
      () => t('optionTypes.removed', { name: type.name }),
    );
  }

  const patch = (key: string, change: Partial<OptionDraft>) =>
    setOptions((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <form className="admin-section__form admin-device" noValidate onSubmit={(event) => void submit(event)}>
      <MenuInput
        id={`${prefix}-name`}
        label={t('optionTypes.name')}
        error={fieldError('name')}
        value={name}
        onChange={setName}
      />
      <div className="admin-menus__pair">
        <MenuInput
          id={`${prefix}-min`}
          label={t('optionTypes.min')}
          error={fieldError('minChoices')}
          inputMode="numeric"
          value={minChoices}
          onChange={setMin}
        />
        <MenuInput
          id={`${prefix}-max`}
          label={t('optionTypes.max')}
          error={fieldError('maxChoices')}
          inputMode="numeric"
          value={maxChoices}
          onChange={setMax}
        />
      </div>
      <ul
        className="admin-menus__options"
        aria-label={t('optionTypes.options', { name: name || t('optionTypes.new') })}
      >
        {options.map((option, index) => (
          <li key={option.key} className="admin-menus__option">
            <MenuInput
              id={`${prefix}-${option.key}-name`}
              label={t('optionTypes.optionName', { position: index + 1 })}
              error={fieldError(`options.${index}.name`)}
              value={option.name}
              onChange={(name) => patch(option.key, { name })}
            />
            <MenuInput
              id={`${prefix}-${option.key}-modifier`}
              label={t('optionTypes.modifier')}
              error={fieldError(`options.${index}.priceModifierCents`)}
              inputMode="decimal"
              value={option.modifier}
              onChange={(modifier) => patch(option.key, { modifier })}
            />
            <MenuCheck
              id={`${prefix}-${option.key}-enabled`}
              label={t('optionTypes.enabled')}
              checked={option.enabled}
              onChange={(enabled) => patch(option.key, { enabled })}
            />
            <button
              type="button"
              className="button button--quiet"
              onClick={() => setOptions((current) => current.filter((row) => row.key !== option.key))}
            >
              {t('optionTypes.removeOption', { name: option.name || index + 1 })}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button"
        onClick={() =>
          setOptions((current) => [
            ...current,
            { key: `n${(newOptionKey += 1)}`, name: '', modifier: '0,00', enabled: true },
          ])
        }
      >
        {t('optionTypes.addOption')}
      </button>
      <MenuFormActions
        failure={failure}
        save={type ? t('save') : t('optionTypes.create')}
        remove={type && { label: t('optionTypes.remove', { name: type.name }), run: () => void remove() }}
      />
    </form>
  );
}
