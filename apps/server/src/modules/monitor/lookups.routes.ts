import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { pageOffset, paging, route } from '../../http/route';
import { VEHICLE_LOOKUP_CODES } from './access';
import { filterLabels, teamCodeList } from './filters';
import { isOnline } from './vehicle-status';
import { type VehicleFilter, vehicleRows } from './vehicles.repository';

/** Pick-list size (spec core section 9). */
const PICK_PAGE_SIZE = 20;

const lookupBody = z.object({
  ...paging,
  pageSize: paging.pageSize.default(PICK_PAGE_SIZE),
  carNo: z.string().trim().max(20).optional(),
  vin: z.string().trim().max(17).optional(),
  keyword: z.string().trim().max(20).optional(),
  teamCodeList,
});

interface Variant {
  url: string;
  summary: string;
  adasOnly?: boolean;
  onlineOnly?: boolean;
  /** Extra fields of each option. */
  detailed?: boolean;
}

const OPTION_SHAPE = '[{value(车牌), vin, id, tid, disabled(未绑定终端)}]，空车牌不返回';

const VARIANTS: Variant[] = [
  { url: '/truck/no/list', summary: `车牌下拉：本车队及下级车队的车辆。${OPTION_SHAPE}` },
  {
    url: '/truck/no/listFilterSafety',
    summary: `车牌下拉：仅装有主动安全/视频终端的车辆。${OPTION_SHAPE}`,
    adasOnly: true,
  },
  {
    url: '/truck/no/listFilterSafetyAndOnLine',
    summary: `车牌下拉：装有主动安全/视频终端且在线的车辆。${OPTION_SHAPE}`,
    adasOnly: true,
    onlineOnly: true,
  },
  {
    url: '/truck/no/listNew',
    summary: `车牌下拉（新版）：另含 carNo、teamCode、teamName、online。${OPTION_SHAPE}`,
    detailed: true,
  },
  {
    url: '/truck/no/car/list',
    summary: `车辆下拉：另含 carId、carNo、teamCode、teamName、online、carInfoType(3 外协)。${OPTION_SHAPE}`,
    detailed: true,
  },
];

/** Plate pick lists (spec core section 7 "Lookups"): pages of 20, empty plates left out. */
export function registerLookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const variant of VARIANTS) {
    route(app, '车辆下拉', {
      method: 'POST',
      url: variant.url,
      summary: variant.summary,
      access: VEHICLE_LOOKUP_CODES,
      list: true,
      labels: filterLabels,
      body: lookupBody,
      handler: async ({ body, auth }) => {
        const filter: VehicleFilter = {
          carNo: body.carNo,
          vin: body.vin,
          keyword: body.keyword,
          teamCodeList: body.teamCodeList,
          adasOnly: variant.adasOnly,
        };
        let query = vehicleRows(ctx.db, auth.scope, filter).where((eb) =>
          eb(eb.fn('trim', ['t.car_no']), '<>', ''),
        );
        const now = ctx.config.now();
        if (variant.onlineOnly) {
          query = query.where((eb) =>
            eb.or([eb('vs.online', '=', 1), eb('vs.received_at', '>=', now - 5 * 60_000)]),
          );
        }
        const rows = await query.limit(body.pageSize).offset(pageOffset(body)).execute();
        return rows
          .filter((r) => r.carNo.trim() !== '')
          .map((r) => ({
            value: r.carNo,
            vin: r.vin,
            id: r.truckId,
            tid: r.tid ?? '',
            disabled: r.terminalId === null,
            ...(variant.detailed
              ? {
                  carId: r.truckId,
                  carNo: r.carNo,
                  teamCode: r.teamCode,
                  teamName: r.teamName ?? '',
                  online: isOnline(r, now),
                  carInfoType: r.carInfoType,
                }
              : {}),
          }));
      },
    });
  }
}
