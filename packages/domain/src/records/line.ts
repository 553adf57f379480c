import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/**
 * 线路: an ordered station table from a start to an end; managed on 线路管理 (car050201) and 路线管理
 * (car090105, tc010502), read and picked by plans (car050202) and oil-saving plans (car050209).
 */
export const LINE_RECORD = defineRecordMeta({
  key: 'line',
  entity: '线路',
  table: 'line',
  scope: 'shared',
  softDelete: true,
  nameColumn: 'name',
  pageEnum: OPERATE_LOG_PAGES.line,
  readCodes: ['car050201', 'car090105', 'tc010502', 'car050202', 'car050209'],
  writeCodes: ['car050201', 'car090105', 'tc010502'],
  paths: {
    page: '/colliery/line/page',
    delete: '/colliery/line/delete',
    export: '/colliery/line/export',
    import: '/colliery/line/import',
  },
  labels: {
    id: '线路',
    routeName: '线路名称',
    routeType: '路线类型',
    teamCode: '所属车队',
    customerId: '客户',
    cargo: '货物名称',
    speedLimit: '限速',
    corridorWidth: '偏航宽度',
    fuelBrand: '品牌',
    fuelSeries: '车系',
    status: '状态',
    remark: '备注',
    stationList: '站点',
    stations: '站点',
  },
});
