import type { ReactNode } from 'react';
import { SaveFooter } from './save-footer.tsx';

interface DeviceFormProps {
  /** Prefix of the controls' ids, one per form on the page. */
  readonly idPrefix: string;
  readonly nameLabel: string;
  readonly name: string;
  readonly onName: (name: string) => void;
  readonly submitLabel: string;
  readonly busy: boolean;
  readonly failure: string | null;
  readonly onSubmit: () => void;
  /** The device's own fields, after its name. */
  readonly children: ReactNode;
}

/** A device's form: its name, its own fields, what went wrong and the save button. */
export function DeviceForm(props: DeviceFormProps) {
  return (
    <form
      className="admin-section__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${props.idPrefix}-name`}>
          {props.nameLabel}
        </label>
        <input
          id={`${props.idPrefix}-name`}
          className="input"
          value={props.name}
          autoComplete="off"
          onChange={(event) => props.onName(event.target.value)}
        />
      </div>
      {props.children}
      <SaveFooter failure={props.failure} busy={props.busy} label={props.submitLabel} />
    </form>
  );
}
