import { WAYBILL_STATE, waybillMoveRefusal } from '@fleet/domain';
import type { Waybill } from '../../api/waybills';

// What the waybill pages offer for a waybill's state: the same rules the server applies
// (`waybillMoveRefusal`), so that a move the server would refuse is not offered.

/** Whether the waybill may still be edited or cancelled: neither completed nor cancelled. */
export const isOpen = (w: Pick<Waybill, 'status' | 'cancelled'>) =>
  w.cancelled !== 1 && w.status !== WAYBILL_STATE.completed;

/**
 * Whether its receipt may be recorded now: arrived, or in transit with the loading weight (the
 * receipt completes it).
 */
export const canRecordBack = (w: Pick<Waybill, 'status' | 'cancelled' | 'loadingNetKg'>) =>
  w.cancelled !== 1 &&
  (w.status === WAYBILL_STATE.arrived || (w.status === WAYBILL_STATE.inTransit && w.loadingNetKg !== null));

const MOVES = [WAYBILL_STATE.loading, WAYBILL_STATE.inTransit, WAYBILL_STATE.arrived];

/** The moves of state the office may make by hand now (completing is the receipt's). */
export function offeredMoves(
  w: Pick<Waybill, 'status' | 'cancelled' | 'loadingNetKg' | 'unloadingNetKg'>,
): number[] {
  const facts = {
    status: w.status,
    cancelled: w.cancelled === 1,
    loaded: w.loadingNetKg !== null,
    unloaded: w.unloadingNetKg !== null,
  };
  return MOVES.filter((to) => waybillMoveRefusal(facts, to) === undefined);
}
