import { payableSums } from './0037_payable_day';
import { periodSums } from './helpers';

// 应付统计 by month: the sums of the fee_payable rows with fees of each merchant, team, truck, driver
// and Shanghai month of the waybill (`month` as the number YYYYMM), kept by triggers on fee_payable
// like the daily sums (0037_payable_day). A year's statistics read the whole months here and only
// the days of a cut month from the daily sums.

export const { up, down, backFill } = periodSums('month', payableSums);
