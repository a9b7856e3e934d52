import type { ReactNode } from 'react';

/**
 * A card of the admin pages (its look is features/admin/admin.css): its heading names the section for screen
 * readers, and `intro`, where given, says under it what the section is for. Staff code only: no guest route
 * imports it.
 */
export function AdminSection(props: {
  readonly id: string;
  readonly title: ReactNode;
  readonly intro?: ReactNode;
  /** The intro's own id, for a control it describes. */
  readonly introId?: string;
  readonly children: ReactNode;
}) {
  return (
    <section className="card admin-section" aria-labelledby={props.id}>
      <h2 id={props.id} className="admin-section__title">
        {props.title}
      </h2>
      {props.intro !== undefined && (
        <p id={props.introId} className="muted admin-section__intro">
          {props.intro}
        </p>
      )}
      {props.children}
    </section>
  );
}
