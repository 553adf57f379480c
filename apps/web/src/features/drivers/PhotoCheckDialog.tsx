import { splitPictureUrls } from '@fleet/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Empty, Image, List, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { checkDriverPhotos, fetchUntouchedPhotos, type UntouchedDriver } from '../../api/drivers';
import { texts } from '../../locales';

const t = texts.drivers;
const PAGE_SIZE = 5;

export interface PhotoCheckDialogProps {
  open: boolean;
  onClose: () => void;
  /** After drivers were marked checked. */
  onChecked: () => void;
}

/** 照片待核对: photos drivers uploaded when registering, which nobody in the office has looked at yet. */
export function PhotoCheckDialog({ open, onClose, onChecked }: PhotoCheckDialogProps) {
  const { message } = App.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [busy, setBusy] = useState<number | undefined>();
  const list = useQuery({
    queryKey: ['drivers', 'untouched', pageNum],
    queryFn: ({ signal }) => fetchUntouchedPhotos({ pageNum, pageSize: PAGE_SIZE }, signal),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const check = async (driver: UntouchedDriver) => {
    setBusy(driver.id);
    try {
      await checkDriverPhotos([driver.id]);
      void message.success(t.checkedDone);
      onChecked();
      await list.refetch();
    } catch {
      // shown by the request client
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Modal open={open} title={t.photoCheckTitle} width={760} footer={null} onCancel={onClose} destroyOnHidden>
      <Alert type="info" showIcon title={t.photoCheckHint} style={{ marginBottom: 12 }} />
      <List<UntouchedDriver>
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.kit.common.empty} />,
        }}
        pagination={
          (list.data?.total ?? 0) > PAGE_SIZE
            ? {
                current: pageNum,
                pageSize: PAGE_SIZE,
                total: list.data?.total,
                onChange: setPageNum,
                size: 'small',
              }
            : false
        }
        renderItem={(driver) => (
          <List.Item
            actions={[
              <Button
                key="ok"
                type="primary"
                size="small"
                loading={busy === driver.id}
                onClick={() => void check(driver)}
              >
                {t.markChecked}
              </Button>,
            ]}
          >
            <Space direction="vertical" size={4}>
              <Typography.Text strong>
                {driver.driverName}（{driver.driverPhone}） · {driver.teamName}
              </Typography.Text>
              <Image.PreviewGroup>
                <Space wrap>
                  {splitPictureUrls(driver.photos).map((url) => (
                    <Image key={url} src={url} width={96} height={72} style={{ objectFit: 'cover' }} />
                  ))}
                </Space>
              </Image.PreviewGroup>
            </Space>
          </List.Item>
        )}
      />
    </Modal>
  );
}

/**
 * The toolbar button 照片待核对 with the count of drivers waiting, and its dialog. The count is
 * cached under the list's key, so it is asked again whenever the list reloads.
 */
export function PhotoCheckButton({ onChecked }: { onChecked: () => void }) {
  const [checking, setChecking] = useState(false);
  const untouched = useQuery({
    queryKey: ['list', 'drivers', 'untouchedCount'],
    queryFn: () => fetchUntouchedPhotos({ pageNum: 1, pageSize: 1 }),
    staleTime: 0,
  });
  return (
    <>
      <Badge count={untouched.data?.total ?? 0} size="small">
        <Button onClick={() => setChecking(true)}>{t.photoCheck}</Button>
      </Badge>
      <PhotoCheckDialog open={checking} onClose={() => setChecking(false)} onChecked={onChecked} />
    </>
  );
}
