import { OPERATE_LOG_PAGES, splitPictureUrls } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Image, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchDriverSalary } from '../../../api/drivers';
import { OperationLogDialog } from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { DRIVER_LIST_PATH, type Driver, driverRecord } from '../driver.record';
import { LicenseExpiry, sourceName, statusName } from '../driverCells';

const t = texts.drivers;

/** 司机详情 (/driver-manage/detail?id=…): the record, its photos, salary settings and log. */
export default function DriverDetailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [logOpen, setLogOpen] = useState(false);
  const driver = useQuery({
    queryKey: ['drivers', 'info', id],
    queryFn: () => driverRecord.api.info<Driver>(id),
    enabled: id > 0,
    staleTime: 0,
  });
  const salary = useQuery({
    queryKey: ['drivers', 'salary', id],
    queryFn: () => fetchDriverSalary(id),
    enabled: id > 0,
  });
  if (!(id > 0) || driver.isError) return <Empty description={t.notFound} />;
  if (!driver.data) return <Spin />;
  const d = driver.data;
  const photos = splitPictureUrls(d.photos);
  const s = salary.data;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card
        size="small"
        title={`${d.driverName}（${d.driverPhone}）`}
        extra={
          <Space>
            <Button type="primary" onClick={() => navigate(`/driver-manage/edit?id=${d.id}`)}>
              {texts.kit.common.edit}
            </Button>
            <Button onClick={() => setLogOpen(true)}>{t.log}</Button>
            <Button onClick={() => navigate(DRIVER_LIST_PATH)}>{t.back}</Button>
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t.idCard}>{orDash(d.idCard)}</Descriptions.Item>
          <Descriptions.Item label={t.team}>{orDash(d.teamName)}</Descriptions.Item>
          <Descriptions.Item label={t.status}>{statusName(d.status)}</Descriptions.Item>
          <Descriptions.Item label={t.licenseClass}>{orDash(d.licenseClassName)}</Descriptions.Item>
          <Descriptions.Item label={t.licenseExpiry}>
            <LicenseExpiry driver={d} />
          </Descriptions.Item>
          <Descriptions.Item label={t.carNo}>{orDash(d.carNo)}</Descriptions.Item>
          <Descriptions.Item label={t.qualificationNo}>{orDash(d.qualificationNo)}</Descriptions.Item>
          <Descriptions.Item label={t.qualificationExpiry}>{orDash(d.qualificationExpiry)}</Descriptions.Item>
          <Descriptions.Item label={t.source}>{sourceName(d.source)}</Descriptions.Item>
          <Descriptions.Item label={t.remark}>{orDash(d.remark)}</Descriptions.Item>
          <Descriptions.Item label={t.createTime}>{d.createTime}</Descriptions.Item>
          <Descriptions.Item label={t.updateTime}>{d.updateTime}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        size="small"
        title={t.photoSection}
        extra={!d.photosChecked && <Tag color="orange">{t.photosUnchecked}</Tag>}
      >
        {photos.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noPhotos} />
        ) : (
          <Image.PreviewGroup>
            <Space wrap>
              {photos.map((url) => (
                <Image key={url} src={url} width={120} height={90} style={{ objectFit: 'cover' }} />
              ))}
            </Space>
          </Image.PreviewGroup>
        )}
      </Card>
      <Card size="small" title={t.salarySection}>
        {!s ? (
          <Spin />
        ) : !s.saved ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.salary.notSet} />
        ) : (
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
            <Descriptions.Item label={t.salary.settleType}>{s.settleTypeName}</Descriptions.Item>
            <Descriptions.Item label={t.salary.baseSalary}>{s.baseSalary}</Descriptions.Item>
            <Descriptions.Item label={t.salary.unitPrice}>{s.unitPrice}</Descriptions.Item>
            <Descriptions.Item label={t.salary.deduction}>{s.deduction}</Descriptions.Item>
            <Descriptions.Item label={t.salary.bankName}>{orDash(s.bankName)}</Descriptions.Item>
            <Descriptions.Item label={t.salary.bankAccount}>{orDash(s.bankAccount)}</Descriptions.Item>
            <Descriptions.Item label={t.salary.accountName}>{orDash(s.accountName)}</Descriptions.Item>
            <Descriptions.Item label={t.salary.remark}>{orDash(s.remark)}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <OperationLogDialog
        open={logOpen}
        dataId={d.id}
        pageEnum={OPERATE_LOG_PAGES.driver}
        onClose={() => setLogOpen(false)}
      />
    </Space>
  );
}
