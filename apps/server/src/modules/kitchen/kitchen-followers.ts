// What another module does when the kitchen moves lines or draws its screens (decision 068, second pass):
// takeaway orders follow their dishes and show on the kitchen's screens. The server's composition root
// (app.ts) hands the follower in, so kitchen never imports the module that follows it.
import type { KitchenReservationInfo } from '@sobremesa/contracts';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { nothingRead, type LeanRead } from '../../db/lean.ts';
import type { MailLog } from '../../lib/mailer.ts';
import type { Venue } from '../venues/venues.service.ts';

/** Something to tell once the kitchen's change commits (a guest's email): a rolled-back change tells no one. */
export type LineNews = (log: MailLog) => void;

export type KitchenTakeawayMark = NonNullable<KitchenReservationInfo['takeaway']>;

export interface KitchenFollower {
  /**
   * The kitchen moved lines of these accounts, inside its transaction; `cookedStatuses` reads the statuses
   * of an account's lines a station cooks. Returns what to tell once the change commits.
   */
  linesMoved(
    tx: Transaction,
    ctx: AppContext,
    venue: Venue,
    reservationIds: readonly number[],
    cookedStatuses: (reservationId: number) => Promise<readonly number[]>,
  ): Promise<LineNews[]>;
  /**
   * What the kitchen's screens show of the accounts among these that are takeaway orders, by account: a
   * read, which the kitchen runs in one statement with its own.
   */
  marks(venue: Venue, reservationIds: readonly number[]): LeanRead<Map<number, KitchenTakeawayMark>>;
}

const nobody: KitchenFollower = {
  linesMoved: () => Promise.resolve([]),
  marks: () => nothingRead(new Map()),
};

let follower: KitchenFollower = nobody;

/** Called once by the app as it is built. */
export function followKitchenWith(next: KitchenFollower): void {
  follower = next;
}

export function kitchenFollower(): KitchenFollower {
  return follower;
}

/** Tells what a committed change moved (a retry's replay moved nothing, so tells nothing). */
export function tellLineNews(news: readonly LineNews[], log: MailLog): void {
  for (const tell of news) tell(log);
}
