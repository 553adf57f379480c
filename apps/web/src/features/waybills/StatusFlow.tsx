import { WAYBILL_SOURCE } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Space, Spin, Tag, Timeline, Typography } from 'antd';
import { type FlowRow, fetchStatusFlow } from '../../api/waybills';
import { texts } from '../../locales';
import { emptyBlock } from './waybillParts';

const d = texts.waybills.detailPage;

/** What a row says: the action, the move of state, who or what made it, and where for a move by position. */
function FlowItem({ row }: { row: FlowRow }) {
  const move = [row.fromStatusName, row.toStatusName].filter(Boolean).join(' → ');
  return (
    <Space direction="vertical" size={2} data-testid="flow-row">
      <Space wrap size={8}>
        <Typography.Text type="secondary">{row.time}</Typography.Text>
        <Typography.Text strong>{row.actionName}</Typography.Text>
        {move && <Typography.Text>{move}</Typography.Text>}
        <Tag>{row.sourceName}</Tag>
        {row.actorName && (
          <Typography.Text type="secondary">
            {d.flowActor}：{row.actorName}
          </Typography.Text>
        )}
      </Space>
      {row.content && row.content !== move && <Typography.Text>{row.content}</Typography.Text>}
      {row.source === WAYBILL_SOURCE.gps && (row.stationName || row.lat !== null) && (
        <Typography.Text type="secondary">
          {row.stationName && `${d.flowStation}：${row.stationName}`}
          {row.lat !== null &&
            row.lng !== null &&
            ` ${d.flowPosition}：${row.lng.toFixed(6)}, ${row.lat.toFixed(6)}`}
        </Typography.Text>
      )}
    </Space>
  );
}

/** 状态流转: the waybill's timeline, oldest first. */
export function StatusFlow({ waybillId, version }: { waybillId: number; version: string }) {
  const flow = useQuery({
    queryKey: ['waybills', 'flow', waybillId, version],
    queryFn: () => fetchStatusFlow(waybillId),
  });
  if (flow.isError) return emptyBlock(texts.waybills.loadFailed);
  if (!flow.data) return <Spin />;
  if (flow.data.length === 0) return emptyBlock(d.noFlow);
  return <Timeline items={flow.data.map((row) => ({ key: row.id, children: <FlowItem row={row} /> }))} />;
}
