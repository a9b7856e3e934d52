import { parseArgs } from 'node:util';
import { DemoApi, httpTransport } from '../modules/demo/demo-client.ts';
import { DEMO_PASSWORD } from '../lib/common-passwords.ts';
import { playService, seededRandom } from '../modules/demo/service-player.ts';

/**
 * `npm run demo:service -- [--url http://localhost:3000] [--pace 3 | --rate 2] [--duration 120]
 * [--actions 50] [--venue demo.localhost] [--seed 7]`: plays a service against a running demo server
 * (decision 053), one line per action, and a summary at the end. Ctrl-C stops it.
 */

const USAGE = `Usage: npm run demo:service -- [options]
  --url <url>          server to play against (default http://localhost:3000)
  --pace <seconds>     time between actions (default 3)
  --rate <per second>  actions per second instead of --pace (0: as fast as the server answers)
  --duration <seconds> stop after this long (default: until Ctrl-C)
  --actions <n>        stop after this many actions
  --venue <host>       the venue's host name when the URL's host does not name it (e.g. demo.localhost)
  --seed <n>           repeat the same choices`;

interface ServiceArgs {
  readonly url: string;
  readonly intervalMs: number;
  readonly durationMs?: number;
  readonly maxActions?: number;
  readonly venue?: string;
  readonly seed?: number;
}

function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new Error(`--${name} must be a number ≥ 0`);
  return number;
}

/** The command line as options; throws with a readable message on a bad flag. */
function parseServiceArgs(argv: readonly string[]): ServiceArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      pace: { type: 'string' },
      rate: { type: 'string' },
      duration: { type: 'string' },
      actions: { type: 'string' },
      venue: { type: 'string' },
      seed: { type: 'string' },
    },
    strict: true,
  });
  const rate = positive('rate', values.rate);
  const pace = positive('pace', values.pace) ?? 3;
  const duration = positive('duration', values.duration);
  new URL(values.url);
  return {
    url: values.url,
    intervalMs: rate === undefined ? pace * 1000 : rate === 0 ? 0 : 1000 / rate,
    durationMs: duration === undefined ? undefined : duration * 1000,
    maxActions: positive('actions', values.actions),
    venue: values.venue,
    seed: positive('seed', values.seed),
  };
}

async function main(): Promise<void> {
  let args: ServiceArgs;
  try {
    args = parseServiceArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const api = new DemoApi(httpTransport(args.url, args.venue), DEMO_PASSWORD);
  console.log(`Playing a service against ${args.url}${args.venue ? ` (${args.venue})` : ''}; Ctrl-C stops.`);
  const report = await playService({
    api,
    intervalMs: args.intervalMs,
    durationMs: args.durationMs,
    maxActions: args.maxActions,
    signal: controller.signal,
    random: args.seed === undefined ? Math.random : seededRandom(args.seed),
    onAction: (action) => {
      const time = new Date().toTimeString().slice(0, 8);
      console.log(`${time}  ${action.line}  [${Math.round(action.ms)} ms]`);
    },
  });
  const refused = report.actions.filter((action) => !action.ok).length;
  const seconds = report.elapsedMs / 1000;
  console.log(
    `${report.actions.length} actions in ${seconds.toFixed(1)} s (${(report.actions.length / seconds).toFixed(2)}/s), ${refused} refused.`,
  );
  // Kept-alive connections to the server would hold the process open.
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
