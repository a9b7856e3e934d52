/**
 * Where a failure of a section is announced (`role=alert`). Always rendered, so screen readers are already
 * listening when a message arrives; empty until then. `id` lets the field at fault point at it.
 */
export function FailureNotice({ message, id }: { readonly message: string | null; readonly id?: string }) {
  return (
    <div role="alert">
      {message && (
        <p id={id} className="notice notice--error">
          <span className="notice__body">{message}</span>
        </p>
      )}
    </div>
  );
}
