import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Flex, Result, Spin, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackTitle } from '../../../kit/record/BackTitle';
import { texts } from '../../../locales';
import { fetchMaintenanceDetail } from '../api';
import { STATE_COLORS } from '../maintenancePlan.record';
import { recordColumns } from '../RecordList';

const t = texts.maintenance;
const s = t.summary;
const empty = {
  emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.kit.common.empty} />,
};

/** 车辆保养明细 (/maintenance-summary/detail/:vin): a truck's services, plans, costs and certificates. */
export default function MaintenanceDetailPage() {
  const { vin = '' } = useParams();
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: ['maintenance', 'detail', vin],
    queryFn: ({ signal }) => fetchMaintenanceDetail(vin, signal),
    enabled: vin !== '',
  });
  const records = useMemo(() => recordColumns().map(({ fixed: _fixed, ...c }) => c), []);
  const d = detail.data;
  if (detail.isLoading)
    return (
      <Flex justify="center" style={{ padding: 64 }}>
        <Spin />
      </Flex>
    );
  if (detail.isError || !d) return <Result status="warning" title={s.notFound} />;
  return (
    <Flex vertical gap={12}>
      <Card
        size="small"
        title={
          <BackTitle onBack={() => navigate('/maintenance-summary/index')} backLabel={s.back}>
            <Typography.Text strong>
              {s.detailTitle}：{d.carNo}
            </Typography.Text>
          </BackTitle>
        }
      >
        <Descriptions size="small" column={4}>
          <Descriptions.Item label={t.carNo}>{d.carNo}</Descriptions.Item>
          <Descriptions.Item label={s.vin}>{d.vin}</Descriptions.Item>
          <Descriptions.Item label={s.brandSeries}>{d.brandSeries || '-'}</Descriptions.Item>
          <Descriptions.Item label={t.team}>{d.teamName || '-'}</Descriptions.Item>
          <Descriptions.Item label={s.driver}>{d.driverName || '-'}</Descriptions.Item>
          <Descriptions.Item label={t.currentKm}>
            {d.currentKm === null ? '-' : `${d.currentKm}${t.km}`}
          </Descriptions.Item>
          <Descriptions.Item label={s.yearCost}>{d.yearMaintenanceYuan}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t.tabs.plans}>
        <Table
          size="small"
          rowKey="planId"
          pagination={false}
          locale={empty}
          dataSource={d.plans}
          columns={[
            { key: 'planName', dataIndex: 'planName', title: t.planName, width: 160 },
            { key: 'intervalText', dataIndex: 'intervalText', title: t.interval, width: 170 },
            {
              key: 'lastDate',
              dataIndex: 'lastDate',
              title: t.lastDate,
              width: 120,
              render: (v) => v || '-',
            },
            {
              key: 'nextDate',
              dataIndex: 'nextDate',
              title: t.nextDate,
              width: 120,
              render: (v) => v || '-',
            },
            {
              key: 'nextKm',
              dataIndex: 'nextKm',
              title: t.nextKm,
              width: 120,
              render: (v: number | null) => (v === null ? '-' : `${v}${t.km}`),
            },
            { key: 'leftText', dataIndex: 'leftText', title: t.left, width: 180 },
            {
              key: 'stateName',
              title: t.dueState,
              width: 100,
              render: (_, p) => <Tag color={STATE_COLORS[p.state]}>{p.stateName}</Tag>,
            },
            { key: 'items', dataIndex: 'items', title: t.items, ellipsis: true, render: (v) => v || '-' },
          ]}
        />
      </Card>
      <Card size="small" title={s.records}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          locale={empty}
          dataSource={d.records}
          columns={records}
        />
      </Card>
      <Flex gap={12} align="stretch">
        <Card size="small" title={s.costs} style={{ flex: 1 }}>
          <Table
            size="small"
            rowKey="id"
            pagination={{ pageSize: 8, size: 'small' }}
            locale={empty}
            dataSource={d.costs}
            columns={[
              { key: 'costDate', dataIndex: 'costDate', title: s.costDate, width: 110 },
              { key: 'costTypeName', dataIndex: 'costTypeName', title: s.costType, width: 90 },
              { key: 'amountYuan', dataIndex: 'amountYuan', title: s.amount, width: 110, align: 'right' },
              {
                key: 'remark',
                dataIndex: 'remark',
                title: t.remark,
                ellipsis: true,
                render: (v) => v || '-',
              },
            ]}
          />
        </Card>
        <Card size="small" title={s.certificates} style={{ flex: 1 }}>
          <Table
            size="small"
            rowKey="kind"
            pagination={false}
            locale={empty}
            dataSource={d.certificates}
            columns={[
              { key: 'kindName', dataIndex: 'kindName', title: t.certificate.kind, width: 110 },
              { key: 'holder', dataIndex: 'holder', title: s.holder, width: 100, render: (v) => v || '-' },
              {
                key: 'expiry',
                dataIndex: 'expiry',
                title: t.certificate.expiry,
                width: 110,
                render: (v) => v || '-',
              },
              {
                key: 'stateName',
                title: t.dueState,
                render: (_, c) => (
                  <Tag
                    color={
                      c.stateName === '已过期' ? 'red' : c.stateName === '即将到期' ? 'orange' : 'default'
                    }
                  >
                    {c.daysLeft === null
                      ? c.stateName
                      : `${c.stateName}（${t.certificate.daysLeftText(c.daysLeft)}）`}
                  </Tag>
                ),
              },
            ]}
          />
        </Card>
      </Flex>
    </Flex>
  );
}
