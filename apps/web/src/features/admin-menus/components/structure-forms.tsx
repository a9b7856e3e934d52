import type { AdminCategory, AdminMenu } from '@sobremesa/contracts';
import { MENU_KINDS } from '@sobremesa/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryNode } from '../admin-menus-model.ts';
import { adminMenuCalls } from '../api/admin-menus-api.ts';
import { MenuCheck, MenuField, useFieldError, type Failure } from './menu-field.tsx';
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

function FailureNotice({ failure }: { readonly failure: Failure | null }) {
  if (!failure) return null;
  return (
    <p className="notice notice--error" role="alert">
      {failure.message}
    </p>
  );
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
      <MenuField
        id={`${prefix}-name`}
        label={menu ? t('menus.name') : t('menus.newName')}
        error={fieldError('name')}
      >
        {(props) => (
          <input
            {...props}
            className="input"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </MenuField>
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
      <FailureNotice failure={failure} />
      <div className="admin-section__actions">
        <button type="submit" className="button button--primary">
          {menu ? t('save') : t('menus.create')}
        </button>
        {menu && (
          <button
            type="button"
            className="button button--quiet"
            onClick={() =>
              void run(() => adminMenuCalls.menus.remove(menu.id), t('menus.removed', { name: menu.name }))
            }
          >
            {t('menus.remove', { name: menu.name })}
          </button>
        )}
      </div>
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
      <MenuField
        id={`${prefix}-name`}
        label={category ? t('categories.name') : t('categories.newName')}
        error={fieldError('name')}
      >
        {(props) => (
          <input
            {...props}
            className="input"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </MenuField>
      <MenuField id={`${prefix}-parent`} label={t('categories.parent')} error={fieldError('parentId')}>
        {(props) => (
          <select
            {...props}
            className="input"
            value={parentId ?? ''}
            onChange={(event) => setParentId(event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">{t('categories.topLevel')}</option>
            {tree
              .filter((node) => node.category.id !== category?.id)
              .map((node) => (
                <option key={node.category.id} value={node.category.id}>
                  {`${'— '.repeat(node.depth)}${node.category.name}`}
                </option>
              ))}
          </select>
        )}
      </MenuField>
      <MenuCheck
        id={`${prefix}-enabled`}
        label={t('categories.enabled')}
        checked={enabled}
        onChange={setEnabled}
      />
      <FailureNotice failure={failure} />
      <div className="admin-section__actions">
        <button type="submit" className="button button--primary">
          {category ? t('save') : t('categories.create')}
        </button>
        {category && (
          <button
            type="button"
            className="button button--quiet"
            onClick={() =>
              void run(
                () => adminMenuCalls.categories.remove(category.id),
                t('categories.removed', { name: category.name }),
              )
            }
          >
            {t('categories.remove', { name: category.name })}
          </button>
        )}
      </div>
    </form>
  );
}
