import { useId } from 'react';

/**
 * The staff tablet's product search (the comandero, its menu tools): a label over a search box in the
 * comandero's style. `autoFocus` marks it for the dialog around it to focus when it opens.
 */
export function SearchField(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (query: string) => void;
  readonly placeholder?: string;
  readonly autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <>
      <label className="commander-field" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        type="search"
        className="commander-search"
        value={props.value}
        placeholder={props.placeholder}
        onChange={(event) => props.onChange(event.target.value)}
        {...(props.autoFocus ? { 'data-autofocus': true } : {})}
      />
    </>
  );
}
