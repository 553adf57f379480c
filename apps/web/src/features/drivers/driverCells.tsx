import { DRIVER_SOURCES, DRIVER_STATUSES, enumLabel } from '@fleet/domain';
import { Space, Tag } from 'antd';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import type { Driver } from './driver.record';

const t = texts.drivers;

export const statusName = (status: number) => enumLabel(DRIVER_STATUSES, status);
export const sourceName = (source: number) => enumLabel(DRIVER_SOURCES, source);

/** The licence expiry date, tagged 已过期 (red) or 30天内到期 (orange). */
export function LicenseExpiry({ driver }: { driver: Pick<Driver, 'licenseExpiry' | 'licenseState'> }) {
  if (!driver.licenseExpiry) return orDash('');
  return (
    <Space size={4}>
      {driver.licenseExpiry}
      {driver.licenseState === 1 && <Tag color="red">{t.expired}</Tag>}
      {driver.licenseState === 2 && <Tag color="orange">{t.expiring}</Tag>}
    </Space>
  );
}
