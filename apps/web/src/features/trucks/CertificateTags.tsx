import { Space, Tag, Tooltip } from 'antd';
import type { Truck } from '../../api/trucks';
import { texts } from '../../locales';
import { daysLeft } from './truckForm';

const t = texts.trucks;
const SOON_DAYS = 30;

const CERTIFICATES = [
  ['drivingLicenseExpiry', t.drivingLicenseExpiry],
  ['operatingLicenseExpiry', t.operatingLicenseExpiry],
  ['insuranceExpiry', t.insuranceExpiry],
  ['annualInspectionExpiry', t.annualInspectionExpiry],
] as const;

/**
 * Certificates that have expired (red) or expire within 30 days (orange). `compact` (the list)
 * shows only those; otherwise every certificate with its date.
 */
export function CertificateTags({ truck, compact = false }: { truck: Truck; compact?: boolean }) {
  const tags = CERTIFICATES.flatMap(([key, label]) => {
    const date = truck[key];
    const left = daysLeft(date);
    if (left === null) return compact ? [] : [<Tag key={key}>{`${label}：--`}</Tag>];
    const color = left < 0 ? 'error' : left <= SOON_DAYS ? 'warning' : undefined;
    if (compact && !color) return [];
    const state = left < 0 ? t.expired : left <= SOON_DAYS ? t.expiresSoon : '';
    const name = label.replace('到期日期', '');
    return [
      <Tooltip key={key} title={`${label}：${date}`}>
        <Tag color={color}>
          {compact ? `${name}${state}` : `${label}：${date}${state ? `（${state}）` : ''}`}
        </Tag>
      </Tooltip>,
    ];
  });
  if (tags.length === 0) return <span>--</span>;
  return (
    <Space size={[4, 4]} wrap>
      {tags}
    </Space>
  );
}
