import { CERTIFICATE_KINDS } from '@fleet/domain';
import { InputNumber, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { type ListColumn, ListPage, type SearchField, useListExport } from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { type Certificate, exportCertificates, fetchCertificates } from '../api';
import { JumpNotice, jumpIds } from '../JumpNotice';

const t = texts.maintenance;
const c = t.certificate;

const SEARCH: readonly SearchField[] = [
  {
    name: 'withinDays',
    label: c.withinDays,
    type: 'custom',
    control: (
      <InputNumber min={1} max={365} precision={0} suffix={c.withinDaysSuffix} style={{ width: 150 }} />
    ),
  },
  {
    name: 'owner',
    label: c.owner,
    type: 'select',
    options: [
      { value: 'truck', label: c.ownerTruck },
      { value: 'driver', label: c.ownerDriver },
    ],
  },
  {
    name: 'kind',
    label: c.kind,
    type: 'select',
    options: CERTIFICATE_KINDS.map((k) => ({ value: k.key, label: k.label })),
  },
  {
    name: 'state',
    label: t.dueState,
    type: 'select',
    options: [
      { value: 1, label: c.expiring },
      { value: 2, label: c.expired },
    ],
  },
  { name: 'keyword', label: c.keyword, placeholder: c.keywordPlaceholder },
  { name: 'teamCode', label: t.team, type: 'team' },
];

/**
 * 证件到期 (/reminder/certificate-expiry, car050205): certificates expiring within N days or expired.
 * A 证件到期提醒's 去处理 (?owner&truckId|driverId&kind) opens it on the certificate.
 */
export default function CertificateExpiryPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const jump = useMemo(() => jumpIds(search, ['truckId', 'driverId'], ['owner', 'kind']), [search]);
  const onExport = useListExport(exportCertificates, t.exported);
  const columns = useMemo<ListColumn<Certificate>[]>(
    () => [
      { key: 'kindName', dataIndex: 'kindName', title: c.kind, width: 120, fixed: 'left' },
      {
        key: 'owner',
        title: c.owner,
        width: 100,
        render: (_, r) => (r.owner === 'truck' ? c.ownerTruck : c.ownerDriver),
      },
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 110, render: orDash },
      { key: 'driverName', dataIndex: 'driverName', title: c.driver, width: 100, render: orDash },
      { key: 'phone', dataIndex: 'phone', title: c.phone, width: 130, render: orDash },
      { key: 'expiry', dataIndex: 'expiry', title: c.expiry, width: 120 },
      {
        key: 'daysLeft',
        title: c.daysLeft,
        width: 120,
        align: 'right',
        render: (_, r) => (
          <Typography.Text type={r.state === 2 ? 'danger' : r.daysLeft <= 7 ? 'warning' : undefined}>
            {c.daysLeftText(r.daysLeft)}
          </Typography.Text>
        ),
      },
      {
        key: 'stateName',
        title: t.dueState,
        width: 100,
        render: (_, r) => <Tag color={r.state === 2 ? 'red' : 'orange'}>{r.stateName}</Tag>,
      },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 160, render: orDash },
    ],
    [],
  );
  return (
    <>
      {jump && <JumpNotice text={t.jumped.certificate} />}
      <ListPage<Certificate>
        key={location.search}
        listKey="certificate-expiry"
        fetchList={(params, signal) => fetchCertificates(params, signal)}
        columns={columns}
        rowKey="key"
        searchFields={SEARCH}
        initialQuery={{ withinDays: 30, ...jump }}
        columnSettingsKey="certificateExpiryList"
        toolbar={{ onExport }}
      />
    </>
  );
}
