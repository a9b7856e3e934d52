/**
 * A line's chosen options, always on the ticket (issue 18: the doneness or the gin the guest paid for
 * changes what is cooked or poured). The station's "show chosen options" setting only picks the full
 * form, one choice a row, over a compact summary on one line.
 */
export function LineChoices(props: { readonly choices: readonly string[]; readonly full: boolean }) {
  if (props.choices.length === 0) return null;
  if (!props.full) return <span className="kitchen-line__detail">{props.choices.join(' · ')}</span>;
  return (
    <ul className="kitchen-line__choices">
      {props.choices.map((choice) => (
        <li key={choice} className="kitchen-line__detail">
          {choice}
        </li>
      ))}
    </ul>
  );
}
