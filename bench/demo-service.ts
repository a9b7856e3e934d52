/**
 * A service played as load (decision 053): several `npm run demo:service` players at once, as fast as the
 * server answers, against a started server with the live demo day. Prints actions per second, each
 * action's time (median, p95, p99; an action is one or two API calls after reading the floor or a
 * board) and how many the server refused (409 races between players, 429 guest limits per address).
 *
 *   npm run bench:demo-service
 *   BENCH_PLAYERS=8 BENCH_ACTIONS=100 npm run bench:demo-service
 *   BENCH_URL=http://localhost:3000 npm run bench:demo-service   # against a server already running
 */
import { DEMO_PASSWORD } from '../e2e/support/api.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { DemoApi, httpTransport } from '../apps/server/src/modules/demo/demo-client.ts';
import {
  playService,
  seededRandom,
  type PlayedAction,
} from '../apps/server/src/modules/demo/service-player.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 4);
const ACTIONS = Number(process.env.BENCH_ACTIONS ?? 50);

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

let server: RunningServer | undefined;
const url =
  process.env.BENCH_URL ??
  (server = await startServer({ readyTimeoutMs: 180_000, env: { DEMO_LIVE: '1' } })).url;
try {
  const started = performance.now();
  const runs = await Promise.all(
    Array.from({ length: PLAYERS }, (_, index) =>
      playService({
        api: new DemoApi(httpTransport(url), DEMO_PASSWORD),
        intervalMs: 0,
        maxActions: ACTIONS,
        random: seededRandom(index + 1),
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const actions: PlayedAction[] = runs.flatMap((run) => run.actions);
  const done = actions.filter((action) => action.ok && action.kind !== 'idle');
  const times = done.map((action) => action.ms);
  const refused = actions.filter((action) => !action.ok);
  const byStatus = new Map<string, number>();
  for (const action of refused) {
    const status = /refused \((\d+)\)/.exec(action.line)?.[1] ?? '?';
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }
  console.log(`demo service load: ${PLAYERS} players × ${ACTIONS} actions against ${url}`);
  console.log(
    `  ${actions.length} actions in ${seconds.toFixed(1)} s: ${(actions.length / seconds).toFixed(1)} actions/s`,
  );
  console.log(
    `  action time: median ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms`,
  );
  const kinds = new Map<string, number>();
  for (const action of done) kinds.set(action.kind, (kinds.get(action.kind) ?? 0) + 1);
  console.log(`  played: ${[...kinds].map(([kind, n]) => `${kind} ${n}`).join(', ')}`);
  console.log(
    `  refused: ${refused.length}${refused.length ? ` (${[...byStatus].map(([status, n]) => `${status}: ${n}`).join(', ')})` : ''}; idle: ${actions.filter((action) => action.kind === 'idle').length}`,
  );
} finally {
  await server?.close();
}
