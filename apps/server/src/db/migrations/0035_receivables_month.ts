import { receivableSums } from './0035_receivables_day';
import { periodSums } from './helpers';

// 应收统计 by month: the sums of the not cancelled bill_receive rows of each merchant, team,
// customer and Shanghai month of completion (`month` as the number YYYYMM), kept by triggers on
// bill_receive like the daily sums (0035_receivables_day). A year's statistics or the report's
// totals read the whole months here and only the days of a partial month from the daily sums.

export const { up, down, backFill } = periodSums('month', receivableSums);
