import type { EnumOption } from './enum-label';

// Enumerations of transport prices (运价), shared by the pages and the API: the values are stored,
// the labels shown.

/** A price is per ton of the settlement weight (按吨) or per trip (按车). */
export const PRICE_TYPES = [
  { value: 1, label: '按吨' },
  { value: 2, label: '按车' },
] as const satisfies readonly EnumOption[];

/** The unit a price is shown in: 元/吨 or 元/车, by `PRICE_TYPES` value. */
export const PRICE_UNITS: Readonly<Record<number, string>> = { 1: '元/吨', 2: '元/车' };

/** The weight a waybill's freight is settled on: the loading net, the unloading net, or the lesser. */
export const SETTLE_WEIGHTS = [
  { value: 1, label: '装车重量' },
  { value: 2, label: '卸车重量' },
  { value: 3, label: '装卸取小' },
] as const satisfies readonly EnumOption[];

/**
 * Allowed loss (合理损耗) is a whole number of per mille (‰) of the loading net weight, 0 to 1000;
 * loss above it is deducted at the price's deduction price per ton.
 */
export const MAX_ALLOWED_LOSS_PERMILLE = 1000;
