import type { CopilotView } from '@sobremesa/domain';
import { bestVoiceReading, operationsOf, parseConfirmation, VOICE_MESSAGES } from '@sobremesa/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { MicrophoneIcon } from '../../../components/staff-icons.tsx';
import { floorCalls, floorDayQuery, useFloorWrite } from '../api/floor-api.ts';
import { speak } from './speak.ts';
import { listenOnce, recognizerConstructor, type Heard } from './speech-recognition.ts';
import { act, finalize, type PendingFinalize, type VoiceContext } from './voice-actions.ts';
import './voice.css';

/** A press longer than this is a hold: letting go ends the listening. A shorter one is a tap. */
const HOLD_MS = 400;

export interface VoiceAssistantProps {
  readonly view: CopilotView;
  readonly roleId: number | null;
}

/**
 * The staff voice assistant (issue 28, spec §4, §8): a push-to-talk control (hold to talk, or tap to start
 * and let the recognizer end on silence; tap again to stop), the answer on screen and aloud in es-ES, and
 * a spoken or tapped confirmation before a table goes to payment.
 */
export function VoiceAssistant({ view, roleId }: VoiceAssistantProps) {
  const { t } = useTranslation('voice');
  const client = useQueryClient();
  const { write } = useFloorWrite();
  const explanationId = useId();
  const Recognizer = useMemo(() => recognizerConstructor(), []);
  const [listening, setListening] = useState(false);
  const [working, setWorking] = useState(false);
  const [heard, setHeard] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingFinalize | null>(null);
  const session = useRef<{ stop(): void } | null>(null);
  const pressedAt = useRef<number | null>(null);

  const context: VoiceContext = useMemo(
    () => ({
      calls: floorCalls(roleId),
      roleId,
      operations: operationsOf(view),
      today: () => client.fetchQuery({ ...floorDayQuery(null, roleId), staleTime: 0 }),
      write: (send) => write({ send }),
    }),
    [client, roleId, view, write],
  );

  function respond(text: string) {
    setAnswer(text);
    speak(text);
  }

  async function understand(alternatives: string[]): Promise<void> {
    const confirmation = pending && parseConfirmation(alternatives[0] ?? '');
    if (pending && confirmation) {
      setPending(null);
      return respond(confirmation === 'yes' ? await finalize(pending, context) : VOICE_MESSAGES.cancelled);
    }
    setPending(null);
    const day = await context.today();
    const tables = day.tables.filter((table) => table.active);
    const step = await act(bestVoiceReading(alternatives, tables), context);
    if ('confirm' in step) setPending(step.confirm);
    respond(step.say);
  }

  function handle(result: Heard) {
    session.current = null;
    setListening(false);
    if ('failed' in result) return respond(VOICE_MESSAGES.recognizerError);
    if ('nothing' in result) return respond(VOICE_MESSAGES.unintelligible);
    setHeard(result.alternatives[0] ?? null);
    setWorking(true);
    understand(result.alternatives)
      .catch(() => respond(VOICE_MESSAGES.offline))
      .finally(() => setWorking(false));
  }

  function start() {
    if (!Recognizer) return respond(VOICE_MESSAGES.unsupportedBrowser);
    if (session.current) return;
    setAnswer(null);
    setHeard(null);
    setListening(true);
    session.current = listenOnce(Recognizer, handle);
  }

  function toggle() {
    if (session.current) session.current.stop();
    else start();
  }

  function confirmTapped(yes: boolean) {
    const waiting = pending;
    if (!waiting) return;
    setPending(null);
    if (!yes) return respond(VOICE_MESSAGES.cancelled);
    setWorking(true);
    void finalize(waiting, context)
      .then(respond)
      .finally(() => setWorking(false));
  }

  const label = !Recognizer ? t('unavailableShort') : listening ? t('listening') : t('talk');
  return (
    <section className="voice" aria-label={t('label')} data-listening={listening}>
      <button
        type="button"
        className="voice__talk"
        aria-pressed={listening}
        aria-disabled={!Recognizer || working}
        aria-describedby={Recognizer ? undefined : explanationId}
        onPointerDown={(event) => {
          if (event.button !== 0 || working) return;
          // A thumb that slides off the control while holding still ends the hold when it lifts.
          event.currentTarget.setPointerCapture(event.pointerId);
          pressedAt.current = event.timeStamp;
          toggle();
        }}
        onPointerUp={(event) => {
          const since = pressedAt.current;
          pressedAt.current = null;
          if (since !== null && event.timeStamp - since > HOLD_MS) session.current?.stop();
        }}
        onPointerCancel={() => {
          pressedAt.current = null;
        }}
        // A long press must not open the tablet's context menu.
        onContextMenu={(event) => event.preventDefault()}
        // Keyboards and screen readers activate with a click of no pointer press (detail 0).
        onClick={(event: MouseEvent) => event.detail === 0 && !working && toggle()}
      >
        <MicrophoneIcon width={32} height={32} />
        <span>{label}</span>
      </button>
      {!Recognizer && (
        <p id={explanationId} className="voice__unavailable">
          {t('unavailable')}
        </p>
      )}
      <div className="voice__dialogue">
        {heard && <p className="voice__heard">{t('heard', { text: heard })}</p>}
        <p className="voice__answer" role="status">
          {working ? t('working') : answer}
        </p>
        {pending && (
          <div className="voice__confirm" role="group" aria-label={t('confirmLabel')}>
            <button
              type="button"
              className="button button--primary button--large"
              onClick={() => confirmTapped(true)}
            >
              {t('confirm')}
            </button>
            <button type="button" className="button button--large" onClick={() => confirmTapped(false)}>
              {t('cancel')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
