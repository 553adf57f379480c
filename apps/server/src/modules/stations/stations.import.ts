import {
  circleProblem,
  FENCE_MESSAGES,
  isNameText,
  NAME_TEXT_MESSAGE,
  STATION_KINDS,
  STATION_RECORD,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import type { OwnImport } from '../../records/record';
import { recordLog, takenValues } from '../../records/repository';
import { labelCell, numberCell } from '../../records/sheets';
import type { ImportRowError } from '../file-tasks/file-tasks.contract';
import { recordOperations } from '../operate-log/changes';
import { chunks } from '../teams/team-lookup';
import { teamSubtree } from '../teams/teams.repository';

// The station sheet: one circle-fenced station a row and its team by name, with its own messages
// ('站点名称与第2行重复', '站点名称“…”已存在') and log ('导入站点 东胜（圆形，半径500米）').

const importRow = z
  .object({
    name: z.string().min(1, '请填写站点名称').refine(isNameText, `站点名称：${NAME_TEXT_MESSAGE}`),
    type: labelCell(STATION_KINDS, '站点类型', '请填写站点类型'),
    teamName: z.string().max(50, '所属车队最多50个字符'),
    address: z.string().max(200, '地址最多200个字符'),
    longitude: numberCell('经度'),
    latitude: numberCell('纬度'),
    radius: z
      .string()
      .min(1, '请填写围栏半径')
      .refine((v) => /^\d+$/.test(v), FENCE_MESSAGES.radius)
      .transform(Number),
    remark: z.string().max(200, '备注最多200个字符'),
  })
  .superRefine((r, ctx) => {
    const wrong = circleProblem({ lng: r.longitude, lat: r.latitude }, r.radius);
    if (wrong) ctx.addIssue({ code: 'custom', path: ['radius'], message: wrong });
  });
export type StationImportRow = z.output<typeof importRow>;

/** Team names of the caller's subtree → codes; null for a name two teams share. */
export async function teamsByName(db: Kysely<Database>, auth: AuthContext) {
  const byName = new Map<string, string | null>();
  for (const t of await teamSubtree(db, auth.scope))
    byName.set(t.teamName, byName.has(t.teamName) ? null : t.teamCode);
  return byName;
}

export const stationImport: OwnImport<StationImportRow> = {
  title: '站点导入',
  columns: [
    { header: '站点名称', key: 'name', required: true, example: '东胜煤矿装货点', width: 24 },
    { header: '站点类型', key: 'type', required: true, example: '装货地' },
    { header: '所属车队', key: 'teamName', example: '干线一分队', width: 20 },
    { header: '地址', key: 'address', example: '内蒙古自治区鄂尔多斯市东胜区', width: 36 },
    { header: '经度', key: 'longitude', required: true, example: '109.963' },
    { header: '纬度', key: 'latitude', required: true, example: '39.817' },
    { header: '围栏半径(米)', key: 'radius', required: true, example: '500' },
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
        errors.push({
          row: at,
          message: teams.has(r.teamName)
            ? `所属车队“${r.teamName}”重名，请联系管理员`
            : `所属车队“${r.teamName}”不存在或不在您的管辖范围内`,
        });
      const first = seen.get(r.name);
      if (first !== undefined) errors.push({ row: at, message: `站点名称与第${first}行重复` });
      else seen.set(r.name, at);
    });
    const unique = [{ field: 'name', column: 'name', taken: '' }] as const;
    for (const names of chunks([...seen.keys()], 500)) {
      const taken = await takenValues(db, auth.merchantId, STATION_RECORD, unique, () => names);
      for (const name of taken.get('name') ?? [])
        errors.push({ row: seen.get(name as string) ?? 0, message: `站点名称“${name}”已存在` });
    }
    return errors;
  },
  write: async (tx, auth, rows, now) => {
    const teams = await teamsByName(tx, auth);
    const values = rows.map((r) => ({
      merchant_id: auth.merchantId,
      team_code: (r.teamName && teams.get(r.teamName)) || auth.teamCode,
      name: r.name,
      type: r.type,
      address: r.address || null,
      lat: Math.round(r.latitude * 1e6),
      lon: Math.round(r.longitude * 1e6),
      fence_type: 'circle' as const,
      radius: r.radius,
      remark: r.remark || null,
      created_by: auth.userId,
      created_at: now,
      updated_at: now,
    }));
    for (const part of chunks(values, 500)) {
      const added = await tx
        .insertInto('station')
        .values(part)
        .returning(['id', 'team_code', 'name', 'radius'])
        .execute();
      await recordOperations(
        tx,
        auth,
        added.map((a) =>
          recordLog(STATION_RECORD, a.id, a.team_code, `导入站点 ${a.name}（圆形，半径${a.radius}米）`),
        ),
        now,
      );
    }
  },
};
