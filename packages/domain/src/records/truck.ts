import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/**
 * 车辆: a truck of the merchant's own teams (车辆管理, car090101), with its terminal and driver;
 * deleted trucks free their plate, VIN and terminal. Adding and editing go through one call
 * (/truck/update), so only the list and its export follow the common shape.
 */
export const TRUCK_RECORD = defineRecordMeta({
  key: 'truck',
  entity: '车辆',
  table: 'truck',
  scope: 'own',
  softDelete: true,
  nameColumn: 'car_no',
  pageEnum: OPERATE_LOG_PAGES.truck,
  readCodes: ['car090101'],
  paths: {
    page: '/v2/web/base/list',
    export: '/v2/web/base/export',
  },
  labels: {
    id: '车辆',
    carNo: '车牌号',
    plateColor: '车牌颜色',
    vin: '车架号',
    carType: '车辆类型',
    brand: '品牌',
    series: '车系',
    fuelType: '燃料类型',
    carInfoType: '车辆性质',
    ownerName: '车主姓名',
    ownerPhone: '车主电话',
    teamCode: '所属车队',
    driverId: '司机',
    terminalId: '终端',
    videoChannels: '视频通道数',
    channelNames: '通道名称',
    tankCapacity: '油箱容积',
    speedLimit: '限速',
    loadCapacity: '核定载质量',
    engineNo: '发动机号',
    registerDate: '注册日期',
    drivingLicenseExpiry: '行驶证到期日期',
    operatingLicenseNo: '道路运输证号',
    operatingLicenseExpiry: '道路运输证到期日期',
    insuranceExpiry: '保险到期日期',
    annualInspectionExpiry: '年检到期日期',
    remark: '备注',
  },
});
