import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Spin } from 'antd';
import { fetchAlarmDetail } from '../../api/alarms';
import { WithQueryClient } from '../../kit';
import { texts } from '../../locales';
import { AlarmDetailView } from './AlarmDetailView';

const d = texts.alarms.detailDrawer;

/** One alarm's detail (GET /alarm/lookup/{id}), loaded while shown. */
export function AlarmDetailLoader({ id }: { id: number | string }) {
  const detail = useQuery({
    queryKey: ['alarms', 'detail', String(id)],
    queryFn: () => fetchAlarmDetail(id),
  });
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!detail.data) return <Empty description={d.notFound} />;
  return <AlarmDetailView alarm={detail.data} />;
}

/** 报警详情 beside a list: the alarm of `id` while it is set. */
export function AlarmDetailDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  return (
    <Drawer open={id !== undefined} title={d.title} size={760} onClose={onClose} destroyOnHidden>
      {id !== undefined && (
        <WithQueryClient>
          <AlarmDetailLoader id={id} />
        </WithQueryClient>
      )}
    </Drawer>
  );
}
