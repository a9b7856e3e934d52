/**
 * Guest menu figures (issue 6, "Done when"): the demo venue's menus grown to 200 products, opened by a
 * seated guest's phone in Chromium under Lighthouse's mobile profile (a slow-4G network: 150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up; the CPU slowed to a mid-tier phone, calibrated to this host as Lighthouse
 * intends its 4×, see cpu-calibration.ts, and also at a plain 4× for comparison), with a cold cache each run. Prints, from the start
 * of navigation: when the menu reply arrived, when the first dishes are on screen, when a tap on the first
 * dish, made the moment it shows, is answered with its sheet ("usable"), and when every product of the open
 * menu is on the page; the LCP comes from visits of their own, without a tap. Targets (issue 19): usable under
 * 2.5 s, LCP at most 2.0 s. `/reservar` is measured alike: its first open day tapped, answered once shown chosen.
 * The seated guest's first visit (a phone that keeps nothing yet) arrives drawn by the server for that guest
 * (decision 072), as does plain `/menu` for a visitor without a guest link (decision 030): on a drawn page the
 * guest taps again until the page takes a tap. Needs a built web app
 * (`npm run build -w @sobremesa/web`, or `E2E_WEB_DIST=<folder>`).
 *
 *   npm run bench:menu
 *   BENCH_RUNS=9 npm run bench:menu
 *   BENCH_RUNS=1 BENCH_TIMELINE=1 npm run bench:menu   (every request of each visit)
 *   BENCH_RUNS=1 BENCH_PROFILE=1 npm run bench:menu    (where the CPU goes until the first tap is answered)
 *   BENCH_BUILDS=<dir>,<dir> BENCH_CPU_RATE=4 BENCH_RUNS=15 npm run bench:menu
 *       (two builds, e.g. `vite build --outDir <dir>` before and after a change, each on its own server, their
 *       visits interleaved: this host's speed drifts by the minute, so builds measured one after the other
 *       differ by more than most changes do; BENCH_PAGES=seated,plain,reservar picks which pages)
 */
import { resolve } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { DEMO_PASSWORD, signInThroughApi } from '../e2e/support/api.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { MOBILE_BENCHMARK_INDEX, calibratedCpuRate } from './cpu-calibration.ts';
import { startHttp2Front, type Http2Front } from './support/http2-front.ts';
import { seedTwoHundredProducts } from './support/two-hundred-products.ts';
import { seatedTableQr } from '../e2e/support/menu.ts';
import { PHONE } from '../e2e/support/phone.ts';
import { makeDataDir, removeDataDir, spawnServer, waitUntilServing } from '../e2e/support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** With BENCH_BUILDS: which pages to compare (`seated`, `plain`, `reservar`), all three by default. */
const COMPARED = process.env.BENCH_PAGES?.split(',') ?? ['seated', 'plain', 'reservar'];
/** A fixed CPU slow-down instead of the calibrated one (`BENCH_CPU_RATE=1` shows the machine's own speed). */
const FIXED_CPU_RATE = process.env.BENCH_CPU_RATE ? Number(process.env.BENCH_CPU_RATE) : undefined;
/** Also printed: Lighthouse's multiplier applied as is, for comparison with figures taken elsewhere. */
const LIGHTHOUSE_FIXED_RATE = 4;
const TARGET_MS = 2500;
const LCP_TARGET_MS = 2000;
/** How soon the guest taps a dish again on a page that took no tap yet. */
const TAP_AGAIN_MS = 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface Marks {
  readonly firstDish?: { readonly at: number; readonly x: number; readonly y: number };
  readonly sheet?: number;
  readonly all?: number;
  /** The largest contentful paint so far, as Chromium reports it (it stops at the first input). */
  readonly lcp?: number;
  /** The longest interaction (the tap that opens a dish's sheet): INP with one interaction. */
  readonly inp?: number;
}

/** What a visit opens, and what on it the guest taps first. */
interface Page {
  readonly name: string;
  /** The element the guest taps the moment it is on screen (the first dish; the first open day). */
  readonly target: string;
  /** Present once the tap is answered (the dish's sheet; the day shown as chosen). */
  readonly answered: string;
  /** How many `.menu-product` make the whole page (the carta's dishes); 0 where there is no such count. */
  readonly expected: number;
}

/**
 * Runs in the page from its first byte and notes when the first target is on screen (where to tap it), when
 * the tap is answered and when all `expected` dishes are on the page: each at the start of the frame that
 * paints it. It looks when the page changes rather than at every frame, and through live collections: a
 * query at every frame cost a page at 6× CPU about 100 ms of its load, and the test runner's injected helpers
 * a long task of their own.
 */
function watcherSource({ target, answered, expected }: Page): string {
  return `(() => {
    const marks = (window.__menuBench = {});
    const dishes = document.getElementsByClassName('menu-product');
    let waiting = false;
    const atNextFrame = (note) => {
      waiting = true;
      requestAnimationFrame(() => {
        waiting = false;
        note(performance.now());
        check();
      });
    };
    const check = () => {
      if (waiting) return;
      if (!marks.firstDish) {
        const button = document.querySelector(${JSON.stringify(target)});
        if (button)
          atNextFrame((at) => {
            // In the middle of the screen, clear of the cookie banner and the dock at the bottom.
            button.scrollIntoView({ block: 'center' });
            const box = button.getBoundingClientRect();
            marks.firstDish = { at, x: box.x + box.width / 2, y: box.y + box.height / 2 };
          });
      } else if (!marks.sheet) {
        if (document.querySelector(${JSON.stringify(answered)})) atNextFrame((at) => (marks.sheet = at));
      } else if (!marks.all) {
        if (dishes.length >= ${expected}) atNextFrame((at) => (marks.all = at));
      } else observer.disconnect();
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true });
    // A page the server drew takes taps once the app has taken it over: when #root stops being inert.
    new MutationObserver((changes, running) => {
      for (const change of changes)
        if (change.target.id === 'root' && !change.target.hasAttribute('inert')) {
          marks.running = true;
          running.disconnect();
        }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['inert'] });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) marks.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.interactionId) marks.inp = Math.max(marks.inp ?? 0, entry.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  })()`;
}

/** Polls the page's marks through the DevTools protocol until `pick` finds the one wanted. */
async function nextMark<T>(cdp: CDPSession, pick: (marks: Marks) => T | undefined): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: 'window.__menuBench',
      returnByValue: true,
    });
    const found = pick((result.value ?? {}) as Marks);
    if (found !== undefined) return found;
    if (Date.now() > deadline)
      throw new Error(`the menu never reached the next milestone: ${JSON.stringify(result)}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** What is read of the DevTools protocol's CPU profile. */
interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  }[];
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

/** BENCH_PROFILE=1: the sampled CPU time of a visit by script and by function, the largest first. */
function printProfile(profile: CpuProfile): void {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (totals: Map<string, number>, key: string, ms: number) =>
    totals.set(key, (totals.get(key) ?? 0) + ms);
  profile.samples?.forEach((id, index) => {
    const frame = nodes.get(id);
    const ms = (profile.timeDeltas?.[index] ?? 0) / 1000;
    if (!frame || frame.functionName === '(idle)') return;
    const script = frame.url ? new URL(frame.url).pathname : `(${frame.functionName || 'native'})`;
    add(byScript, script, ms);
    add(byFunction, `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}`, ms);
  });
  const top = (totals: Map<string, number>, count: number) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${key}`)
      .join('\n');
  console.log(`  CPU until the first tap is answered, by script:\n${top(byScript, 15)}`);
  console.log(`  by function:\n${top(byFunction, 25)}`);
}

/** A server of the 200-product venue, with a guest seated at a table whose menu the phone opens. */
interface Venue {
  readonly url: string;
  readonly uid: string;
  stop(): Promise<void>;
}

/** Starts one, serving the build in `webDist` (by default the one the e2e tests use, see spawnServer). */
async function startVenue(webDist?: string): Promise<Venue> {
  const dataDir = makeDataDir();
  await seedTwoHundredProducts(dataDir);
  // TRUST_PROXY: the HTTP/2 front tells the server the browser's own origin (https), as a deployment's proxy does.
  const server = spawnServer({
    dataDir,
    readyTimeoutMs: 180_000,
    env: { TRUST_PROXY: '1', ...(webDist ? { WEB_DIST: webDist } : {}) },
  });
  const stop = async () => {
    await server.stop();
    removeDataDir(dataDir);
  };
  try {
    const url = await server.ready;
    await waitUntilServing(url);
    const staff = await signInThroughApi(url, 'sala@demo.test', DEMO_PASSWORD);
    const table = await seatedTableQr(url, staff, 'Bench');
    const joined = await fetch(`${url}/world/api/user/createguestusermenu`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        reservationWid: table.wid,
        hostCode: new URL(table.qrUrl).searchParams.get('uid'),
        name: 'Bench',
      }),
    });
    const { uid } = (await joined.json()) as { uid: string };
    return { url, uid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** BENCH_BUILDS=<dir>,<dir>: two builds compared, each on its own server, their visits interleaved. */
// Resolved here: the server's static files plugin takes absolute folders only, and npm runs this from the root.
const BUILDS = (process.env.BENCH_BUILDS?.split(',').filter(Boolean) ?? []).map((build) => resolve(build));
const venues = BUILDS.length
  ? await Promise.all(BUILDS.map((build) => startVenue(build)))
  : [await startVenue()];
const browser = await launchBrowser();
let front: Http2Front | undefined;
try {
  const { url } = venues[0]!;
  // The guest's view (no token): visible products only, as the phone will show them.
  const menu = (await (
    await fetch(`${url}/world/api/menu/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json()) as {
    menus: { menuTypeName: string; menuCategories: { products: unknown[] }[] }[];
  };
  const total = menu.menus.reduce(
    (sum, entry) =>
      sum + entry.menuCategories.reduce((count, category) => count + category.products.length, 0),
    0,
  );
  const cartaCount = menu.menus
    .find((entry) => entry.menuTypeName === 'carta')!
    .menuCategories.reduce((count, category) => count + category.products.length, 0);
  console.log(
    `menu of ${total} products over ${menu.menus.length} menus; the carta a guest opens first shows ${cartaCount}`,
  );

  const MENU: Page = {
    name: 'guest menu',
    target: '.menu-product__open',
    answered: '[role="dialog"]',
    expected: cartaCount,
  };
  // The booking form's first step: the guest picks a day, and the page shows it chosen.
  const RESERVAR: Page = {
    name: 'booking form (/reservar)',
    target: '.date-picker__day--open',
    answered: '.date-picker__day--selected',
    expected: 0,
  };

  interface Figures {
    readonly arrived: number[];
    readonly firstShown: number[];
    readonly usable: number[];
    readonly rendered: number[];
    readonly lcp: number[];
    readonly inp: number[];
  }
  /** The ways a phone is made to reach a guest page, each measured alike. */
  interface Setting {
    readonly label: string;
    readonly page: Page;
    readonly origin: string;
    /**
     * The seated guest's link on that origin's server (their page drawn for them, decision 072); null for a
     * visitor without one (the page drawn for anyone, decision 030).
     */
    readonly uid: string | null;
    readonly cpuRate: number;
  }
  const figuresOf = new Map<Setting, Figures>();

  /**
   * One cold visit of the page with the CPU slowed `cpuRate` times, its milestones kept. With `tap` false the
   * guest only looks, and the visit gives the page's LCP: Chromium drops a candidate not yet reported when the
   * first input comes, and a tap made in the frame the first dish is painted comes before its report.
   */
  async function visit(
    { page: target, origin, uid, cpuRate }: Setting,
    figures: Figures,
    tap: boolean,
  ): Promise<void> {
    // A fresh context each run: a guest's first visit, nothing cached.
    const context = await browser.newContext({ ...PHONE, locale: 'es-ES', ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await context.addInitScript(watcherSource(target));
    const path = target === RESERVAR ? '/reservar' : '/menu';
    await page.goto(uid === null ? `${origin}${path}` : `${origin}${path}?uid=${encodeURIComponent(uid)}`, {
      waitUntil: 'commit',
    });
    if (!tap) {
      // The last candidate is the LCP: read once the page is whole, or 5 s after its first target showed (a
      // page that draws the rest only as the guest scrolls).
      await nextMark(cdp, (marks) => marks.firstDish);
      const deadline = Date.now() + 5_000;
      let marks: Marks = {};
      while (Date.now() < deadline && !(marks.lcp !== undefined && (marks.all || !target.expected))) {
        marks = await nextMark(cdp, (current) => current);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (marks.lcp !== undefined) figures.lcp.push(marks.lcp);
      await context.close();
      return;
    }
    if (process.env.BENCH_PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    // Usable: the guest taps the first dish (or day) the moment it is on screen, and the page answers. The tap
    // goes straight through the DevTools protocol, so a page still busy drawing the rest of the carta shows as a
    // late answer. A page the server drew shows its content before the app runs and takes no tap until it has
    // taken the page over (decision 030): the guest taps again, every TAP_AGAIN_MS, until one is taken.
    const dish = await nextMark(cdp, (marks) => marks.firstDish);
    figures.firstShown.push(dish.at);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { result } = await cdp.send('Runtime.evaluate', {
        expression: `document.documentElement.hasAttribute('data-server-rendered') && window.__menuBench.running !== true`,
        returnByValue: true,
      });
      for (const type of ['mousePressed', 'mouseReleased'] as const)
        await cdp.send('Input.dispatchMouseEvent', {
          type,
          x: dish.x,
          y: dish.y,
          button: 'left',
          clickCount: 1,
        });
      if (result.value !== true) break;
      if (Date.now() > deadline) throw new Error(`the drawn ${path} never took a tap`);
      await new Promise((resolve) => setTimeout(resolve, TAP_AGAIN_MS));
    }
    const sheet = await nextMark(cdp, (marks) => marks.sheet);
    figures.usable.push(sheet);
    if (process.env.BENCH_PROFILE) printProfile((await cdp.send('Profiler.stop')).profile);
    if (target.expected) figures.rendered.push(await nextMark(cdp, (marks) => marks.all));
    // The event timing entry is reported once the interaction's frame is painted, so it is there by now.
    figures.inp.push(await nextMark(cdp, (marks) => marks.inp));
    const loads = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({
        path: new URL(entry.name).pathname,
        start: entry.startTime,
        end: (entry as PerformanceResourceTiming).responseEnd,
        bytes: (entry as PerformanceResourceTiming).encodedBodySize,
        protocol: (entry as PerformanceResourceTiming).nextHopProtocol,
      })),
    );
    // A page the server drew asks for no menu: its dishes came in the page.
    const menuCall = loads.find((load) => load.path === '/world/api/menu/get');
    if (menuCall) figures.arrived.push(menuCall.end);
    // BENCH_TIMELINE=1: every request of the visit, for finding what the page waits on.
    if (process.env.BENCH_TIMELINE)
      for (const load of loads)
        console.log(
          `  ${load.path.padEnd(48)} ${load.start.toFixed(0).padStart(6)} → ${load.end.toFixed(0).padStart(6)} ms  ${load.bytes} B  ${load.protocol}`,
        );
    await context.close();
  }

  const calibration = await calibratedCpuRate(browser);
  const rate = FIXED_CPU_RATE ?? Number(calibration.rate.toFixed(1));
  console.log(
    `host BenchmarkIndex ${calibration.hostIndex.toFixed(0)}: ${calibration.rate.toFixed(1)}× makes it a phone scoring ${MOBILE_BENCHMARK_INDEX.toFixed(0)} (bench/cpu-calibration.ts)`,
  );
  /** The usual settings: one build over each protocol at the calibrated rate, and at Lighthouse's plain 4×. */
  const standardSettings = async (): Promise<Setting[]> => {
    const { uid } = venues[0]!;
    front = await startHttp2Front(url);
    const list: Setting[] = [
      {
        label: `CPU ${rate}× slower, plain HTTP/1.1 (the server as npm start runs it)`,
        page: MENU,
        origin: url,
        uid,
        cpuRate: rate,
      },
      {
        label: `CPU ${rate}× slower, HTTPS with HTTP/2 (a TLS front, as a deployment serves guests)`,
        page: MENU,
        origin: front.url,
        uid,
        cpuRate: rate,
      },
      {
        label: `CPU ${rate}× slower, plain HTTP/1.1, no guest link (plain /menu, drawn by the server)`,
        page: MENU,
        origin: url,
        uid: null,
        cpuRate: rate,
      },
      {
        label: `CPU ${rate}× slower, plain HTTP/1.1, drawn by the server`,
        page: RESERVAR,
        origin: url,
        uid: null,
        cpuRate: rate,
      },
    ];
    if (!FIXED_CPU_RATE)
      list.push({
        label: `CPU ${LIGHTHOUSE_FIXED_RATE}× slower whatever the host, plain HTTP/1.1`,
        page: MENU,
        origin: url,
        uid,
        cpuRate: LIGHTHOUSE_FIXED_RATE,
      });
    return list;
  };
  // Comparing builds: each over plain HTTP/1.1 at the one rate, so what differs is the build: the seated
  // guest's menu, a visitor's plain /menu and /reservar (drawn by the server where the build can be).
  const settings: Setting[] = BUILDS.length
    ? BUILDS.flatMap((build, index) =>
        (
          [
            [MENU, venues[index]!.uid, 'seated guest', 'seated'],
            [MENU, null, 'no guest link', 'plain'],
            [RESERVAR, null, 'a visitor', 'reservar'],
          ] as const
        )
          .filter(([, , , key]) => COMPARED.includes(key))
          .map(([page, uid, who]) => ({
            label: `build ${build}: CPU ${rate}× slower, plain HTTP/1.1, ${who}`,
            page,
            origin: venues[index]!.url,
            uid,
            cpuRate: rate,
          })),
      )
    : await standardSettings();
  for (const setting of settings)
    figuresOf.set(setting, { arrived: [], firstShown: [], usable: [], rendered: [], lcp: [], inp: [] });
  // The settings' runs alternate, in turn forwards and backwards, so a busy moment of the machine, or the
  // visit just before, falls on each alike; each run taps once and looks once (for the LCP).
  for (let run = 0; run < RUNS; run += 1)
    for (const setting of run % 2 ? [...settings].reverse() : settings)
      for (const tap of [true, false]) await visit(setting, figuresOf.get(setting)!, tap);

  const line = (label: string, values: number[]) =>
    console.log(
      `${label}: median ${median(values).toFixed(0)} ms over ${values.length} runs (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`,
    );
  for (const [setting, figures] of figuresOf) {
    const { page } = setting;
    console.log(
      `\n${page.name}, phone profile: ${setting.label}, 150 ms RTT, 1.6 Mbit/s, cold cache; from navigation start:`,
    );
    if (page === MENU) {
      if (figures.arrived.length > 0) line('  menu/get reply received', figures.arrived);
      else console.log('  menu/get reply received: none asked for (the dishes came in the page)');
    }
    line(page === MENU ? '  first dishes on screen' : '  first open day on screen', figures.firstShown);
    if (figures.lcp.length > 0) line('  largest contentful paint (LCP, visits without a tap)', figures.lcp);
    else console.log('  largest contentful paint (LCP): not reported by this Chromium');
    line(
      page === MENU
        ? '  usable (first dish tapped as it shows → its sheet open)'
        : '  usable (first open day tapped as it shows → shown chosen)',
      figures.usable,
    );
    line('  INP of that tap (its event, handlers and next paint)', figures.inp);
    if (page === MENU) line(`  all ${cartaCount} carta products on the page`, figures.rendered);
    const met = median(figures.usable) < TARGET_MS;
    const lcpMet = figures.lcp.length > 0 && median(figures.lcp) <= LCP_TARGET_MS;
    console.log(
      `  targets: usable under ${TARGET_MS} ms — ${met ? 'met' : 'NOT met'}; LCP at most ${LCP_TARGET_MS} ms — ${lcpMet ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  await front?.close();
  await browser.close();
  await Promise.all(venues.map((venue) => venue.stop()));
}
