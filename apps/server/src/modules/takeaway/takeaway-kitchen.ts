// How takeaway follows the kitchen (decision 041): an order moves with its dishes, and the kitchen's screens
// mark the accounts that are takeaway orders. The app hands this follower to kitchen as it is built.
import {
  DEFAULT_PREP_MINUTES,
  formatOffsetDateTime,
  kitchenFireTime,
  takeawayStatusFromKitchen,
  type TakeawayStatus,
} from '@sobremesa/domain';
import type { KitchenFollower, LineNews } from '../kitchen/kitchen.service.ts';
import { mailTakeawayNews } from './takeaway-email.ts';
import { moved } from './takeaway-moves.ts';
import { mapRead } from '../../db/lean.ts';
import { kitchenMarksRead, lockOrderOfAccount } from './takeaway.repository.ts';

export const takeawayFollowsKitchen: KitchenFollower = {
  /**
   * A takeaway order among these accounts follows its dishes (preparing once one is started, ready once all
   * are), inside the kitchen's transaction; its guest hears of it by email once the change commits.
   */
  async linesMoved(tx, ctx, venue, reservationIds, cookedStatuses): Promise<LineNews[]> {
    const news: LineNews[] = [];
    for (const reservationId of [...new Set(reservationIds)].sort((a, b) => a - b)) {
      const found = await lockOrderOfAccount(tx, venue.id, reservationId);
      if (!found) continue;
      const next = takeawayStatusFromKitchen(
        found.order.status as TakeawayStatus,
        await cookedStatuses(reservationId),
      );
      if (next === null) continue;
      const move = await moved(tx, venue, found, next);
      news.push((log) => mailTakeawayNews(ctx, venue, [move], log));
    }
    return news;
  },

  /** What the kitchen shows of the takeaway orders among some accounts, by reservation id. */
  marks(venue, reservationIds) {
    return mapRead(
      kitchenMarksRead(venue.id, reservationIds, DEFAULT_PREP_MINUTES),
      (marks) =>
        new Map(
          marks.map((mark) => [
            mark.reservationId,
            {
              mode: mark.mode === 'delivery' ? 'delivery' : 'pickup',
              number: mark.number,
              pickupDateTime: formatOffsetDateTime(mark.pickupAt, venue.timeZone),
              firesDateTime: formatOffsetDateTime(
                kitchenFireTime(mark.pickupAt, mark.prepMinutes),
                venue.timeZone,
              ),
            },
          ]),
        ),
    );
  },
};
