import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/**
 * 站点: a named place with a circle or polygon fence; managed on 站点围栏管理 (car050210), read and
 * picked by the line, plan and capacity pages.
 */
export const STATION_RECORD = defineRecordMeta({
  key: 'station',
  entity: '站点',
  table: 'station',
  scope: 'shared',
  softDelete: true,
  nameColumn: 'name',
  pageEnum: OPERATE_LOG_PAGES.station,
  readCodes: ['car050210', 'car050201', 'car050202', 'car090105', 'tc010502'],
  writeCodes: ['car050210'],
  listByQuery: true,
  paths: {
    page: '/station/list',
    info: '/station/info',
    add: '/station/add',
    edit: '/station/update',
    delete: '/station/delete',
    export: '/station/export',
    import: '/station/import',
  },
  labels: {
    id: '站点',
    name: '站点名称',
    type: '站点类型',
    teamCode: '所属车队',
    address: '地址',
    province: '省份',
    city: '城市',
    district: '区县',
    longitude: '经度',
    latitude: '纬度',
    fenceType: '围栏类型',
    radius: '围栏半径',
    points: '多边形顶点',
    remark: '备注',
  },
});
