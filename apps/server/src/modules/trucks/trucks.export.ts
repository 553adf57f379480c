import type { AppContext } from '../../app-context';
import { countOf } from '../../http/route';
import type { ExportDef } from '../file-tasks/file-tasks.contract';
import { TRUCK_CODES } from './truck-fields';
import {
  selectTruck,
  type TruckFilter,
  type TruckView,
  truckFilter,
  truckQuery,
  truckView,
} from './trucks.repository';

const orBlank = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : value;

/** POST /v2/web/base/export: exactly the rows of the list filter, in list order (newest first). */
export function truckExport(ctx: AppContext): ExportDef<TruckFilter, TruckView> {
  const now = ctx.config.now;
  return {
    url: '/v2/web/base/export',
    method: 'POST',
    summary: '导出车辆（与列表筛选条件一致）',
    access: TRUCK_CODES,
    input: truckFilter,
    title: '车辆列表',
    columns: [
      { header: '车牌号', width: 12, value: (t) => t.carNo },
      { header: '车牌颜色', width: 10, value: (t) => t.plateColorName },
      { header: '车架号', width: 20, value: (t) => t.vin },
      { header: '车辆类型', width: 16, value: (t) => t.carType },
      { header: '品牌', width: 10, value: (t) => t.brand },
      { header: '车系', width: 12, value: (t) => t.series },
      { header: '燃料类型', width: 10, value: (t) => t.fuelTypeName },
      { header: '车辆性质', width: 10, value: (t) => t.carInfoTypeName },
      { header: '所属车队', width: 18, value: (t) => t.teamName },
      { header: '终端手机号', width: 14, value: (t) => t.tid },
      { header: '终端ID', width: 12, value: (t) => t.terminalNo },
      { header: '司机', width: 10, value: (t) => t.driverName },
      { header: '司机手机号', width: 14, value: (t) => t.driverPhone },
      { header: '在线状态', width: 10, value: (t) => (t.online ? '在线' : '离线') },
      { header: '最后上报时间', width: 20, value: (t) => t.lastReportTime },
      { header: '视频通道数', width: 10, value: (t) => t.videoChannels },
      { header: '油箱容积(L)', width: 12, value: (t) => orBlank(t.tankCapacity) },
      { header: '限速(km/h)', width: 12, value: (t) => orBlank(t.speedLimit) },
      { header: '核定载质量(kg)', width: 14, value: (t) => orBlank(t.loadCapacity) },
      { header: '发动机号', width: 16, value: (t) => t.engineNo },
      { header: '注册日期', width: 12, value: (t) => t.registerDate },
      { header: '行驶证到期日期', width: 14, value: (t) => t.drivingLicenseExpiry },
      { header: '道路运输证号', width: 20, value: (t) => t.operatingLicenseNo },
      { header: '道路运输证到期日期', width: 18, value: (t) => t.operatingLicenseExpiry },
      { header: '保险到期日期', width: 14, value: (t) => t.insuranceExpiry },
      { header: '年检到期日期', width: 14, value: (t) => t.annualInspectionExpiry },
      { header: '车主姓名', width: 10, value: (t) => t.ownerName },
      { header: '车主电话', width: 14, value: (t) => t.ownerPhone },
      { header: '备注', width: 24, value: (t) => t.remark },
      { header: '创建时间', width: 20, value: (t) => t.createTime },
    ],
    count: (db, auth, filter) => countOf(truckQuery(db, auth.scope, filter, now())),
    rows: async function* (db, auth, filter, pageSize) {
      let lastId: number | undefined;
      for (;;) {
        const at = now();
        let q = truckQuery(db, auth.scope, filter, at);
        if (lastId !== undefined) q = q.where('t.id', '<', lastId);
        const rows = await selectTruck(q).orderBy('t.id', 'desc').limit(pageSize).execute();
        if (rows.length === 0) return;
        yield rows.map((r) => truckView(r, at));
        lastId = rows[rows.length - 1]?.id;
        if (rows.length < pageSize) return;
      }
    },
  };
}
