import { WAYBILL_SCAN_CODE_RECORD } from '@fleet/domain';
import { Input } from 'antd';
import {
  customerSearchField,
  defineRecord,
  lineSearchField,
  type SearchField,
  validColumn,
  validSearchField,
} from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { ScanCodeFormItems } from './ScanCodeFormItems';
import { ScanCodeQrLink } from './ScanCodeQr';

const t = texts.scanCodes;

/** 扫码运单码 as listed by /colliery/waybill/scanCode/page. */
export interface ScanCode {
  id: number;
  /** The code's random part; the QR code holds scanWaybillUrl(origin, token). */
  token: string;
  /** '/scan-waybill?token=…'. */
  path: string;
  customerId: number;
  customerName: string;
  lineId: number;
  lineName: string;
  loadingStationName: string;
  unloadingStationName: string;
  /** '' when not named. */
  cargo: string;
  remark: string;
  valid: 0 | 1;
  teamCode: string;
  teamName: string;
  createTime: string;
  updateTime: string;
}

export interface ScanCodeFields {
  customerId?: number;
  lineId?: number;
  cargo?: string;
  remark?: string;
  teamCode?: string;
}

/** '东胜装货站 → 天津港卸货站'. */
export const stationsText = (c: Pick<ScanCode, 'loadingStationName' | 'unloadingStationName'>) =>
  `${c.loadingStationName || '-'} → ${c.unloadingStationName || '-'}`;

const searchFields: SearchField[] = [
  customerSearchField(t.customer, t.customerPlaceholder),
  lineSearchField(t.line, t.required.line),
  {
    name: 'cargo',
    label: t.cargo,
    type: 'custom',
    control: <Input allowClear maxLength={30} placeholder={t.cargo} style={{ width: 160 }} />,
  },
  validSearchField(t),
];

/** 扫码运单: /smart-coal/scan-waybill (car090104) and /tc/scan-waybill (tc010503). */
export const scanCodeRecord = defineRecord<ScanCode, ScanCodeFields>({
  meta: WAYBILL_SCAN_CODE_RECORD,
  texts: t,
  listKey: 'waybillScanCodes',
  searchFields,
  columns: [
    { key: 'customerName', dataIndex: 'customerName', title: t.customer, fixed: 'left', width: 200 },
    { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 200 },
    { key: 'stations', title: t.stations, width: 260, render: (_, c) => stationsText(c) },
    { key: 'cargo', dataIndex: 'cargo', title: t.cargo, width: 120, render: (v: string) => v || t.noCargo },
    {
      key: 'qr',
      title: t.qrCode,
      width: 90,
      render: (_, c) => <ScanCodeQrLink code={c} />,
    },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 160, render: orDash },
    { key: 'remark', dataIndex: 'remark', title: t.remark, width: 160, ellipsis: true, render: orDash },
    validColumn(t),
    { key: 'updateTime', dataIndex: 'updateTime', title: t.updateTime, width: 170 },
  ],
  actionsWidth: 200,
  nameOf: (c) => `${c.customerName} ${c.lineName}${c.cargo ? ` ${c.cargo}` : ''}`,
  FormItems: ScanCodeFormItems,
  formWidth: 640,
  addValues: (user) => ({ cargo: '', teamCode: user.team.teamCode }),
  editValues: (c) => ({
    customerId: c.customerId,
    lineId: c.lineId,
    cargo: c.cargo,
    remark: c.remark,
    teamCode: c.teamCode,
  }),
  toFields: (fields) => ({ ...fields, cargo: fields.cargo?.trim() ?? '' }),
});
