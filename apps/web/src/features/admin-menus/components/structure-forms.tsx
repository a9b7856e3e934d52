import type { AdminCategory, AdminMenu } from '@sobremesa/contracts';
import { MENU_KINDS } from '@sobremesa/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { CategoryNode } from '../admin-menus-model.ts';
import { adminMenuCalls } from '../api/admin-menus-api.ts';
import { MenuCheck, MenuField, MenuIdSelect, MenuInput, useFieldError } from './menu-field.tsx';
import { MenuFormActions } from './menu-form-actions.tsx';
import { useMenuWrite } from './use-menu-write.ts';

/** The menu write of a structure form: `done` is told the id stored (none after a removal). */
function useWrite(done?: (id: number | null) => void) {
  const { run: send, failure } = useMenuWrite();
  const run = async (write: () => Promise<{ id?: number }>, message: string) => {
    const reply = await send(write, () => message);
    if (reply) done?.(reply.id ?? null);
    return reply !== null;
  };
  return { failure, run };
}

/** A menu's name, kind (carta, bebidas, menú del día) and whether guests see it; a new one when null. */
export function MenuForm({
  menu,
  done,
}: {
  readonly menu: AdminMenu | null;
  /** Told the id of what was stored (a new row's, to select it). */
  readonly done?: (id: number | null) => void;
}) {
  const { t } = useTranslation('adminMenus');
  const [name, setName] = useState(menu?.name ?? '');
  const [kind, setKind] = useState(menu?.kind ?? 'carta');
  const [enabled, setEnabled] = useState(menu?.enabled ?? true);
  const { failure, run } = useWrite(done);
  const fieldError = useFieldError(failure);
  const prefix = `menu-${menu?.id ?? 'new'}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { name, kind, enabled };
    const ok = await run(
      () => (menu ? adminMenuCalls.menus.update(menu.id, body) : adminMenuCalls.menus.create(body)),
      t('menus.saved', { name }),
    );
    if (ok && !menu) setName('');
  }

  return (
    <form className="admin-section__form" noValidate onSubmit={(event) => void submit(event)}>
      <MenuInput
        id={`${prefix}-name`}
        label={menu ? t('menus.name') : t('menus.newName')}
        error={fieldError('name')}
        value={name}
        onChange={setName}
      />
      <MenuField id={`${prefix}-kind`} label={t('menus.kind')} error={fieldError('kind')}>
        {(props) => (
          <select {...props} className="input" value={kind} onChange={(event) => setKind(event.target.value)}>
            {MENU_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`menus.kinds.${value}`)}
              </option>
            ))}
          </select>
        )}
      </MenuField>
      <MenuCheck
        id={`${prefix}-enabled`}
        label={t('menus.enabled')}
        checked={enabled}
        onChange={setEnabled}
      />
      <MenuFormActions
        failure={failure}
        save={menu ? t('save') : t('menus.create')}
        remove={
          menu && {
            label: t('menus.remove', { name: menu.name }),
            run: () =>
              void run(() => adminMenuCalls.menus.remove(menu.id), t('menus.removed', { name: menu.name })),
          }
        }
      />
    </form>
  );
}

/** A category's name, its parent within the menu and whether guests see it; a new one when null. */
export function CategoryForm({
  menuId,
  category,
  tree,
  done,
}: {
  readonly menuId: number;
  readonly category: AdminCategory | null;
  readonly tree: readonly CategoryNode[];
  /** Told the id of what was stored (a new row's, to select it). */
  readonly done?: (id: number | null) => void;
}) {
  const { t } = useTranslation('adminMenus');
  const [name, setName] = useState(category?.name ?? '');
  const [parentId, setParentId] = useState<number | null>(category?.parentId ?? null);
  const [enabled, setEnabled] = useState(category?.enabled ?? true);
  const { failure, run } = useWrite(done);
  const fieldError = useFieldError(failure);
  const prefix = `category-${category?.id ?? 'new'}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { menuId, parentId, name, enabled };
    const ok = await run(
      () =>
        category
          ? adminMenuCalls.categories.update(category.id, body)
          : adminMenuCalls.categories.create(body),
      t('categories.saved', { name }),
    );
    if (ok && !category) setName('');
  }

  return (
    <form className="admin-section__form" noValidate onSubmit={(event) => void submit(event)}>
      <MenuInput
        id={`${prefix}-name`}
        label={category ? t('categories.name') : t('categories.newName')}
        error={fieldError('name')}
        value={name}
        onChange={setName}
      />
      <MenuIdSelect
        id={`${prefix}-parent`}
        label={t('categories.parent')}
        error={fieldError('parentId')}
        value={parentId}
        onChange={setParentId}
        none={t('categories.topLevel')}
        options={tree
          .filter((node) => node.category.id !== category?.id)
          .map((node) => ({ id: node.category.id, name: `${'— '.repeat(node.depth)}${node.category.name}` }))}
      />
      <MenuCheck
        id={`${prefix}-enabled`}
        label={t('categories.enabled')}
        checked={enabled}
        onChange={setEnabled}
      />
      <MenuFormActions
        failure={failure}
        save={category ? t('save') : t('categories.create')}
        remove={
          category && {
            label: t('categories.remove', { name: category.name }),
            run: () =>
              void run(
                () => adminMenuCalls.categories.remove(category.id),
                t('categories.removed', { name: category.name }),
              ),
          }
        }
      />
    </form>
  );
}
