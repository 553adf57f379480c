import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { idField, optionalText } from '../../http/form-fields';
import { route } from '../../http/route';
import { checkStatisticsPeriod, statisticsPeriod } from '../../records/period-sums';
import { analyse, lineRuns, periodBounds } from './oil-saving.analysis';
import { ANALYSIS_CODES, LABELS, TAG, usableLine } from './oil-saving.repository';

// 线路节油分析 (car100107) and the analysis on the plan's add and edit pages: a line's finished runs
// in a period with the fuel the trucks recorded, per run, per truck and as a whole.

export function registerOilSavingAnalysisRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  route(app, TAG, {
    method: 'POST',
    url: '/fuel/efficient/route/analysis',
    summary:
      '线路油耗分析：周期内该线路已完成计划的每趟（车辆记录的行程里程与油耗）、每车及总体的平均、最好、最差百公里油耗与建议目标（25%分位）',
    access: ANALYSIS_CODES,
    labels: LABELS,
    body: z
      .object({
        lineId: idField('请选择线路'),
        truckSeries: optionalText(64),
        startDate: statisticsPeriod.startDate,
        endDate: statisticsPeriod.endDate,
      })
      .superRefine(checkStatisticsPeriod),
    handler: async ({ auth, body }) => {
      const line = await usableLine(db, auth, body.lineId);
      const [from, to] = periodBounds(body.startDate, body.endDate);
      const runs = await lineRuns(db, auth.scope, { lineId: line.id, from, to, series: body.truckSeries });
      return { lineId: line.id, lineName: line.name, ...analyse(runs) };
    },
  });
}
