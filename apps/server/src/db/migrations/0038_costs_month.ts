import { costSums } from './0038_costs_day';
import { periodSums } from './helpers';

// 成本分析 by month: the sums of 0038_costs_day by Shanghai month (`month` YYYYMM). A year's analysis
// reads the whole months here and the days of a partial month from the daily sums.

export const { up, down, backFill } = periodSums('month', costSums);
