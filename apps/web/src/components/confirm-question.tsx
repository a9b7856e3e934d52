import { useLayoutEffect, useRef, useState } from 'react';
import './confirm-question.css';

export interface ConfirmQuestionProps {
  /** What is asked, in full ("¿Quitar la mesa 4 del plano? …"): read out as the group's name. */
  readonly question: string;
  /** The answer that acts ("Sí, quitar la mesa"). */
  readonly yes: string;
  /** The answer that leaves things as they are ("No, dejarla"); it takes the focus. */
  readonly no: string;
  readonly busy: boolean;
  readonly onYes: () => void;
  readonly onNo: () => void;
}

/**
 * A question in place of the button that asked it, as the floor asks before voiding a line: big buttons,
 * the one that acts in the danger colour, the safe one focused so Enter or a stray tap changes nothing,
 * and Escape answering no. The caller gives the focus back to its button once answered no.
 */
export function ConfirmQuestion({ question, yes, no, busy, onYes, onNo }: ConfirmQuestionProps) {
  const keep = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => keep.current?.focus(), []);
  return (
    <div
      className="confirm-question"
      role="group"
      aria-label={question}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onNo();
      }}
    >
      <span className="confirm-question__text">{question}</span>
      <button
        type="button"
        className="button button--large button--danger"
        aria-busy={busy}
        onClick={() => {
          if (!busy) onYes();
        }}
      >
        {yes}
      </button>
      <button ref={keep} type="button" className="button button--large" onClick={onNo}>
        {no}
      </button>
    </div>
  );
}

/**
 * The state of a button that asks first: whether its question is showing, and the button's ref, which
 * gets the focus back when the question is answered no (or yes without the button going away).
 */
export function useAskFirst() {
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useLayoutEffect(() => {
    if (!asking && asked.current) button.current?.focus();
    asked.current = asking;
  }, [asking]);
  return { asking, setAsking, button };
}
