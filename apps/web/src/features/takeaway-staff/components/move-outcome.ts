import { toast } from '../../../components/toast/toast-store.ts';
import { serverMessage } from '../../../lib/api-client.ts';

/**
 * What the counter hears of a move: `done` once the board shows it, or the server's refusal as it words it
 * (another tablet moved the order first), `fallback` when it sent none.
 */
export function moveOutcome(done: string, fallback: string, after?: () => void) {
  return {
    onSuccess: () => {
      toast.success(done);
      after?.();
    },
    onError: (error: unknown) => toast.error(serverMessage(error, fallback)),
  };
}
