import { z } from 'zod';
import { hasAtMostTwoDecimals } from './fields.ts';

/**
 * The shop's commission: a percentage of each line's goods (never of its shipping), frozen on the line when the order
 * is placed, so that changing the rate never changes a placed order.
 */
export const COMMISSION_PERCENT_MAX = 100;

/** A percentage with at most two decimals as basis points (12.5 % → 1250), the unit lines keep it in. */
export const percentToBasisPoints = (percent: number) => Math.round(percent * 100);
export const basisPointsToPercent = (basisPoints: number) => basisPoints / 100;

/** A line's commission in cents, rounded to the nearest cent (half up). */
export const commissionCents = (goodsCents: number, basisPoints: number) =>
  Math.round((goodsCents * basisPoints) / 10_000);

export const CommissionPercentSchema = z
  .number({ error: 'The commission is a percentage, such as 10 or 12.5' })
  .min(0, 'The commission cannot be below 0 %')
  .max(COMMISSION_PERCENT_MAX, `The commission cannot be above ${COMMISSION_PERCENT_MAX} %`)
  .refine(hasAtMostTwoDecimals, 'The commission has at most two decimals');
