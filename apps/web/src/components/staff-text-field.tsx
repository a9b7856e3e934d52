import { useId, type ChangeEvent } from 'react';

/**
 * A labelled text of the staff tablet in the comandero's style: a search box (the comandero's and its menu
 * tools' product search) or, with `note`, a note of up to 500 characters on two rows. `autoFocus` marks it for
 * the dialog around it to focus when it opens.
 */
export function StaffTextField(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly note?: boolean;
  readonly placeholder?: string;
  readonly autoFocus?: boolean;
}) {
  const id = useId();
  // After each control's own attributes, as the fields had them.
  const common = {
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      props.onChange(event.target.value),
    ...(props.autoFocus ? { 'data-autofocus': true } : {}),
  };
  return (
    <>
      <label className="commander-field" htmlFor={id}>
        {props.label}
      </label>
      {props.note ? (
        <textarea
          id={id}
          className="commander-textarea"
          maxLength={500}
          rows={2}
          value={props.value}
          {...common}
        />
      ) : (
        <input
          id={id}
          type="search"
          className="commander-search"
          value={props.value}
          placeholder={props.placeholder}
          {...common}
        />
      )}
    </>
  );
}
