import type { ReactNode } from 'react';

/**
 * A card of the menu editor: its heading names the section for screen readers, and `intro`, where given, says
 * under it what the section is for.
 */
export function MenuSection(props: {
  readonly id: string;
  readonly title: ReactNode;
  readonly intro?: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <section className="card admin-section" aria-labelledby={props.id}>
      <h2 id={props.id} className="admin-section__title">
        {props.title}
      </h2>
      {props.intro !== undefined && <p className="muted admin-section__intro">{props.intro}</p>}
      {props.children}
    </section>
  );
}
