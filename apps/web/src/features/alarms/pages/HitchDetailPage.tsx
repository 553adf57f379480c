import { durationText } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Flex, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type AlarmRow, fetchHitchDetail, handleAlarms } from '../../../api/alarms';
import { WithQueryClient } from '../../../kit';
import { texts } from '../../../locales';
import { AlarmFacts, HandlingRecord } from '../AlarmDetailView';
import { HandleStatusTag } from '../cells';
import { HandleDialog } from '../HandleDialog';

const t = texts.alarms;
const h = t.hitch;

function HitchDetail({ id }: { id: string }) {
  const navigate = useNavigate();
  const [handling, setHandling] = useState<number[]>([]);
  const detail = useQuery({ queryKey: ['alarms', 'hitch', id], queryFn: () => fetchHitchDetail(id) });
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const fault = detail.data;
  if (!fault) return <Empty description={t.detailDrawer.notFound} />;
  return (
    <Flex vertical gap={12}>
      <Space>
        <Button onClick={() => navigate('/intellect-repair/hitch-query')}>{h.back}</Button>
        <Button type="primary" onClick={() => setHandling([fault.id])}>
          {fault.handleStatus === 0 ? t.handle : t.rehandle}
        </Button>
      </Space>
      <Alert type="warning" showIcon title={h.advice} description={fault.advice} />
      <Card size="small" title={t.detailDrawer.base}>
        <AlarmFacts alarm={fault} />
        {fault.detailEntries.length > 0 && (
          <Descriptions size="small" column={2} bordered style={{ marginTop: 12 }}>
            {fault.detailEntries.map((entry) => (
              <Descriptions.Item key={entry.key} label={entry.label}>
                {entry.value}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Card>
      <Card size="small" title={t.detailDrawer.handling}>
        <HandlingRecord alarm={fault} />
      </Card>
      <Card size="small" title={`${h.history}（${h.occurrences} ${fault.occurrences}）`}>
        <Table<AlarmRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={fault.history}
          columns={[
            { key: 'startTime', dataIndex: 'startTime', title: t.startTime },
            { key: 'endTime', dataIndex: 'endTime', title: t.endTime, render: (v: string) => v || t.ongoing },
            {
              key: 'duration',
              dataIndex: 'duration',
              title: t.duration,
              render: (ms: number) => durationText(ms),
            },
            {
              key: 'handleStatus',
              title: t.handleStatus,
              render: (_, row) => <HandleStatusTag status={row.handleStatus} name={row.handleStatusName} />,
            },
            {
              key: 'handleRemark',
              dataIndex: 'handleRemark',
              title: t.handleRemark,
              render: (v: string) => v || '--',
            },
          ]}
        />
      </Card>
      <HandleDialog
        ids={handling}
        onSubmit={handleAlarms}
        onDone={() => {
          setHandling([]);
          void detail.refetch();
        }}
        onClose={() => setHandling([])}
      />
    </Flex>
  );
}

/** 故障详情 (/intellect-repair/hitch-query/detail?id=): a fault, the advice, its recent history. */
export default function HitchDetailPage() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  if (!/^\d+$/.test(id)) return <Empty description={t.detailDrawer.notFound} />;
  return (
    <Card size="small" title={<Typography.Text strong>{h.title}</Typography.Text>}>
      <WithQueryClient>
        <HitchDetail key={id} id={id} />
      </WithQueryClient>
    </Card>
  );
}
