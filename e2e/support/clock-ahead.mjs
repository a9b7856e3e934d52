// Loaded with `node --import` into a server process that must live with its machine's clock running ahead
// (E2E_CLOCK_AHEAD_MS), as a till whose clock was wrong and was later set right, or whose spec moves its
// clock on while it runs: the milliseconds written in E2E_CLOCK_AHEAD_FILE, read every 50 ms, replace the
// lead (a minute passes for the server without the spec waiting it out). Plain JavaScript: it is loaded
// before tsx. Only `new Date()` and `Date.now()` move; dates built from a value stay as given.
import { readFileSync } from 'node:fs';

let ahead = Number(process.env.E2E_CLOCK_AHEAD_MS ?? 0);
const RealDate = Date;

const file = process.env.E2E_CLOCK_AHEAD_FILE;
if (file) {
  setInterval(() => {
    try {
      ahead = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      // Not written yet: the lead stays.
    }
  }, 50).unref();
}

class AheadDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + ahead);
    else super(...args);
  }

  static now() {
    return RealDate.now() + ahead;
  }
}

globalThis.Date = AheadDate;
