import type { CompleteMenuResponse, FloorReservation } from '@sobremesa/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Modal } from '../../../components/modal/modal.tsx';
import { picksComplete, type OpenCourse } from '../menu-completion.ts';
import { FormAlert } from './floor-forms.tsx';

type Line = NonNullable<FloorReservation['cartSession']>['productOrders'][number];

export interface CompleteMenuProps {
  readonly line: Line;
  /** The menu's courses that still take a dish, when the overlay opens. */
  readonly courses: readonly OpenCourse[];
  readonly send: (choices: { courseId: number; sku: string }[]) => Promise<CompleteMenuResponse>;
  readonly onDone: () => void;
  /** A call the server refused outright (role, stale account): reported as every floor refusal. */
  readonly onError: (error: unknown) => void;
  readonly onClose: () => void;
}

/**
 * The spec's "complete menu" overlay: a menú del día a course is missing from (a course rejected or
 * voided, a menu ordered short) gets its missing dishes, course by course. The server checks the choice
 * again and the dish's stock: when they do not complete the menu it answers the spec's result -1 and
 * "No se ha podido completar el menu" (§8), shown here with the choices kept.
 */
export function CompleteMenu({ line, send, onDone, onError, onClose, ...props }: CompleteMenuProps) {
  const { t } = useTranslation('floor');
  // The courses as they were when the overlay opened: a change made meanwhile elsewhere (another tablet
  // completing the menu) is the server's to refuse, not a form that changes under the finger.
  const [courses] = useState(props.courses);
  const [picks, setPicks] = useState<ReadonlyMap<number, readonly string[]>>(new Map());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ready = picksComplete(courses, picks);

  function choose(course: OpenCourse, sku: string, checked: boolean) {
    setFailure(null);
    setPicks((before) => {
      const next = new Map(before);
      const now = before.get(course.course.id) ?? [];
      if (course.room === 1) next.set(course.course.id, checked ? [sku] : []);
      else next.set(course.course.id, checked ? [...now, sku] : now.filter((pick) => pick !== sku));
      return next;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      const choices = courses.flatMap(({ course }) =>
        (picks.get(course.id) ?? []).map((sku) => ({ courseId: course.id, sku })),
      );
      const reply = await send(choices);
      if (reply.result === 0) onDone();
      else setFailure(reply.message);
    } catch (error) {
      onError(error);
      onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('lines.complete.title', { name: line.name })}
      onClose={onClose}
      className="floor-complete"
    >
      <form className="floor-complete__form" onSubmit={(event) => void submit(event)}>
        <p className="muted">{t('lines.complete.intro')}</p>
        {courses.map((open) => {
          const chosen = picks.get(open.course.id) ?? [];
          return (
            <fieldset key={open.course.id} className="floor-complete__course">
              <legend>
                {open.needed > 0
                  ? t('lines.complete.needs', { course: open.course.name, count: open.needed })
                  : t('lines.complete.optional', { course: open.course.name })}
              </legend>
              {open.course.items.map((item) => (
                <label key={item.sku} className="floor-complete__dish">
                  <input
                    type={open.room === 1 ? 'radio' : 'checkbox'}
                    name={`course-${open.course.id}`}
                    value={item.sku}
                    disabled={!item.available}
                    checked={chosen.includes(item.sku)}
                    onChange={(event) => choose(open, item.sku, event.target.checked)}
                  />
                  <span>{item.name}</span>
                  {!item.available && (
                    <span className="floor-complete__sold-out">{t('lines.complete.soldOut')}</span>
                  )}
                </label>
              ))}
            </fieldset>
          );
        })}
        <FormAlert message={failure} />
        <div className="floor-form__actions">
          <button
            type="submit"
            className="button button--large button--primary"
            disabled={!ready}
            aria-busy={busy}
          >
            {t('lines.complete.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
