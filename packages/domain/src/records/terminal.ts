import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/**
 * 终端: a JT/T 808 terminal of the merchant's own teams (设备管理 and its T-BOX settings, car090102),
 * known by its phone number (tid), unique on the whole platform. Adding, editing and deleting also
 * bind or free a truck and tell the gateway, so only the list, its export and the import follow the
 * common shape; the other calls are the terminal's own (add, update, delete, bind, unbind, free list,
 * auth code, settings).
 */
export const TERMINAL_RECORD = defineRecordMeta({
  key: 'terminal',
  entity: '终端',
  table: 'terminal',
  scope: 'own',
  softDelete: true,
  nameColumn: 'phone',
  pageEnum: OPERATE_LOG_PAGES.terminal,
  readCodes: ['car090102'],
  paths: {
    page: '/terminal/list',
    export: '/terminal/export',
    import: '/terminal/import',
  },
  labels: {
    id: '终端',
    tid: '终端手机号',
    terminalNo: '终端ID',
    model: '终端型号',
    manufacturer: '制造商',
    protocolVersion: '协议版本',
    simNo: 'SIM卡号',
    videoChannels: '视频通道数',
    teamCode: '所属车队',
    truckId: '绑定车辆',
    remark: '备注',
  },
});
