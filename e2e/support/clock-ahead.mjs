// Loaded with `node --import` into a server process that must live with its machine's clock running ahead
// (E2E_CLOCK_AHEAD_MS), as a till whose clock was wrong and was later set right. Plain JavaScript: it is
// loaded before tsx. Only `new Date()` and `Date.now()` move; dates built from a value stay as given.
const ahead = Number(process.env.E2E_CLOCK_AHEAD_MS ?? 0);
const RealDate = Date;

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
