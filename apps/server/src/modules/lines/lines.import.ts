import {
  emptyRow,
  inChina,
  isNameText,
  LINE_CORRIDOR_DEFAULT_M,
  LINE_CORRIDOR_MAX_M,
  LINE_CORRIDOR_MIN_M,
  LINE_RECORD,
  NAME_TEXT_MESSAGE,
  ROUTE_TYPES,
  renumber,
  type StationRow,
  tableTotals,
} from '@fleet/domain';
import { z } from 'zod';
import type { OwnImport } from '../../records/record';
import { recordLog, takenValues } from '../../records/repository';
import { labelCell, numberCell } from '../../records/sheets';
import type { ImportRowError } from '../file-tasks/file-tasks.contract';
import { recordOperations } from '../operate-log/changes';
import { teamsByName } from '../stations/stations.import';
import { chunks } from '../teams/team-lookup';
import { builtinRouting } from './routing';

const optionalInt = (message: string, min: number, max: number) =>
  z
    .string()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max), message)
    .transform((v) => (v === '' ? null : Number(v)));

/** '地址,经度,纬度;地址,经度,纬度' → places; throws a Chinese message. */
function waypoints(text: string): { address: string; lng: number; lat: number }[] {
  if (!text) return [];
  return text.split(/[;；]/).map((part, i) => {
    const [address, lng, lat] = part.split(/[,，]/).map((s) => s.trim());
    const place = { address: address ?? '', lng: Number(lng), lat: Number(lat) };
    if (!place.address || !inChina(place.lng, place.lat))
      throw new Error(`第${i + 1}个途经点应为“地址,经度,纬度”且在中国境内`);
    return place;
  });
}

const importRow = z
  .object({
    routeName: z.string().min(1, '请填写线路名称').refine(isNameText, `线路名称：${NAME_TEXT_MESSAGE}`),
    routeType: labelCell(ROUTE_TYPES, '路线类型'),
    teamName: z.string().max(50, '所属车队最多50个字符'),
    startAddress: z.string().min(1, '请填写起点地址').max(200, '起点地址最多200个字符'),
    startLng: numberCell('起点经度'),
    startLat: numberCell('起点纬度'),
    endAddress: z.string().min(1, '请填写终点地址').max(200, '终点地址最多200个字符'),
    endLng: numberCell('终点经度'),
    endLat: numberCell('终点纬度'),
    waypoints: z.string().transform((v, ctx) => {
      try {
        return waypoints(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
    speedLimit: optionalInt('限速应为1-200的整数', 1, 200),
    corridorWidth: optionalInt(
      `偏航宽度应为${LINE_CORRIDOR_MIN_M}-${LINE_CORRIDOR_MAX_M}米`,
      LINE_CORRIDOR_MIN_M,
      LINE_CORRIDOR_MAX_M,
    ),
    remark: z.string().max(200, '备注最多200个字符'),
  })
  .superRefine((r, ctx) => {
    if (!inChina(r.startLng, r.startLat))
      ctx.addIssue({ code: 'custom', path: ['startLng'], message: '起点经纬度不在中国境内' });
    if (!inChina(r.endLng, r.endLat))
      ctx.addIssue({ code: 'custom', path: ['endLng'], message: '终点经纬度不在中国境内' });
  });
export type LineImportRow = z.output<typeof importRow>;

function tableOf(r: LineImportRow): StationRow[] {
  const place = (address: string, lng: number, lat: number): StationRow => ({
    ...emptyRow(),
    address,
    longitude: lng,
    latitude: lat,
  });
  return renumber([
    place(r.startAddress, r.startLng, r.startLat),
    ...r.waypoints.map((w) => place(w.address, w.lng, w.lat)),
    place(r.endAddress, r.endLng, r.endLat),
  ]);
}

/**
 * Lines from a sheet, one a row with its start, waypoints and end; distances are the built-in
 * estimate (not map-calculated).
 */
export const lineImport: OwnImport<LineImportRow> = {
  title: '线路导入',
  columns: [
    { header: '线路名称', key: 'routeName', required: true, example: '东胜至天津港', width: 24 },
    { header: '路线类型', key: 'routeType', required: true, example: '干线运输' },
    { header: '所属车队', key: 'teamName', example: '干线一分队', width: 20 },
    { header: '起点地址', key: 'startAddress', required: true, example: '鄂尔多斯市东胜区', width: 28 },
    { header: '起点经度', key: 'startLng', required: true, example: '109.963' },
    { header: '起点纬度', key: 'startLat', required: true, example: '39.817' },
    { header: '终点地址', key: 'endAddress', required: true, example: '天津港', width: 28 },
    { header: '终点经度', key: 'endLng', required: true, example: '117.78' },
    { header: '终点纬度', key: 'endLat', required: true, example: '38.98' },
    {
      header: '途经点',
      key: 'waypoints',
      example: '包头市东河区,110.044,40.576;集宁区,113.105,41.035',
      width: 48,
    },
    { header: '限速(km/h)', key: 'speedLimit', example: '80' },
    { header: '偏航宽度(米)', key: 'corridorWidth', example: '500' },
    { header: '备注', key: 'remark', width: 24 },
  ],
  row: importRow,
  check: async (db, auth, rows) => {
    const errors: ImportRowError[] = [];
    const teams = await teamsByName(db, auth);
    const seen = new Map<string, number>();
    rows.forEach((r, i) => {
      const at = i + 2;
      if (r.teamName && !teams.get(r.teamName))
        errors.push({ row: at, message: `所属车队“${r.teamName}”不存在或不在您的管辖范围内` });
      if (r.waypoints.length > 98) errors.push({ row: at, message: '线路最多100个站点' });
      const first = seen.get(r.routeName);
      if (first !== undefined) errors.push({ row: at, message: `线路名称与第${first}行重复` });
      else seen.set(r.routeName, at);
    });
    const unique = [{ field: 'routeName', column: 'name', taken: '' }] as const;
    for (const names of chunks([...seen.keys()], 500)) {
      const taken = await takenValues(db, auth.merchantId, LINE_RECORD, unique, () => names);
      for (const name of taken.get('name') ?? [])
        errors.push({ row: seen.get(name as string) ?? 0, message: `线路名称“${name}”已存在` });
    }
    return errors;
  },
  write: async (tx, auth, rows, now) => {
    const teams = await teamsByName(tx, auth);
    const ops = [];
    for (const r of rows) {
      const points = tableOf(r);
      const legs = await builtinRouting.legs(
        points.map((p) => ({ lng: p.longitude ?? 0, lat: p.latitude ?? 0 })),
      );
      const table = points.map((p, i) => {
        const leg = i > 0 ? legs[i - 1] : undefined;
        if (!leg) return p;
        const minutes = Math.round(leg.seconds / 60);
        return {
          ...p,
          distance: Math.round(leg.meters) / 1000,
          runningHours: Math.floor(minutes / 60),
          runningMins: minutes % 60,
        };
      });
      const totals = tableTotals(table);
      const teamCode = (r.teamName && teams.get(r.teamName)) || auth.teamCode;
      const line = await tx
        .insertInto('line')
        .values({
          merchant_id: auth.merchantId,
          team_code: teamCode,
          name: r.routeName,
          route_type: r.routeType,
          speed_limit: r.speedLimit === null ? null : r.speedLimit * 10,
          corridor_width: r.corridorWidth ?? LINE_CORRIDOR_DEFAULT_M,
          distance: Math.round(totals.distance * 1000),
          running_minutes: totals.minutes,
          baidu_map_produce: 0,
          remark: r.remark || null,
          created_by: auth.userId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('line_station')
        .values(
          table.map((s) => ({
            line_id: line.id,
            seq: s.seq,
            station_type: s.stationType,
            station_id: null,
            address: s.address,
            lat: Math.round((s.latitude ?? 0) * 1e6),
            lon: Math.round((s.longitude ?? 0) * 1e6),
            distance: Math.round(s.distance * 1000),
            running_hours: s.runningHours,
            running_mins: s.runningMins,
            baidu_map_produce: 0,
          })),
        )
        .execute();
      ops.push(
        recordLog(
          LINE_RECORD,
          line.id,
          teamCode,
          `导入线路 ${r.routeName}：${table.map((s) => s.address).join('→')}`,
        ),
      );
    }
    await recordOperations(tx, auth, ops, now);
  },
};
