import type { Failure } from './menu-field.tsx';

/** A refused write's message under the form, announced as it appears. */
export function MenuFailure({ failure }: { readonly failure: Failure | null }) {
  if (!failure) return null;
  return (
    <p className="notice notice--error" role="alert">
      {failure.message}
    </p>
  );
}

/**
 * The end of an editor's form: its refusal, the save button and, for a stored row, the button that
 * removes it.
 */
export function MenuFormActions({
  failure,
  save,
  busy,
  remove,
}: {
  readonly failure: Failure | null;
  readonly save: string;
  readonly busy?: boolean;
  readonly remove: { readonly label: string; readonly run: () => void } | null;
}) {
  return (
    <>
      <MenuFailure failure={failure} />
      <div className="admin-section__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {save}
        </button>
        {remove && (
          <button type="button" className="button button--quiet" onClick={remove.run}>
            {remove.label}
          </button>
        )}
      </div>
    </>
  );
}
