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
  const control = {
    id,
    value: props.value,
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
        <textarea className="commander-textarea" maxLength={500} rows={2} {...control} />
      ) : (
        <input type="search" className="commander-search" placeholder={props.placeholder} {...control} />
      )}
    </>
  );
}
