/** A till form's one button, busy and disabled from the tap until the overlay closes on the result. */
export function SubmitButton({ busy, label }: { readonly busy: boolean; readonly label: string }) {
  return (
    <button
      type="submit"
      className="button button--primary button--large button--block"
      aria-busy={busy}
      disabled={busy}
    >
      {label}
    </button>
  );
}
