import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Progress,
  Result,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { maxRule, requiredRule } from '../../kit/formRules';
import { texts } from '../../locales';
import { clearFaults, fetchHealthDetail } from './api';
import { STATE_COLORS } from './maintenancePlan.record';

const t = texts.maintenance;
const h = t.health;
export const HEALTH_COLORS: Record<number, string> = { 1: '#52c41a', 2: '#faad14', 3: '#ff4d4f' };

/** 体检详情: one truck's score and deductions, open faults (清码 with a reason) and plans. */
export function HealthDrawer({
  truckId,
  onClose,
  onCleared,
}: {
  truckId: number | null;
  onClose: () => void;
  onCleared: () => void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [picked, setPicked] = useState<number[]>([]);
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const detail = useQuery({
    queryKey: ['maintenance', 'health', truckId],
    queryFn: ({ signal }) => fetchHealthDetail(truckId as number, signal),
    enabled: truckId !== null,
  });
  const d = detail.data;

  const clear = async () => {
    let reason: string;
    try {
      reason = (await form.validateFields()).reason.trim();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await clearFaults({ truckId: truckId as number, alarmIds: picked, reason });
      void message.success(h.cleared(res.cleared));
      setAsking(false);
      setPicked([]);
      form.resetFields();
      await client.invalidateQueries({ queryKey: ['maintenance', 'health', truckId] });
      onCleared();
    } catch {
      // shown by the request client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={truckId !== null}
      onClose={onClose}
      width={760}
      title={d ? `${h.detail}：${d.carNo}` : h.detail}
      destroyOnHidden
    >
      {detail.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : detail.isError || !d ? (
        <Result status="warning" title={texts.kit.common.noData} />
      ) : (
        <Flex vertical gap={20}>
          <Flex gap={24} align="center">
            <Progress
              type="dashboard"
              percent={d.score}
              format={(p) => `${p}`}
              strokeColor={HEALTH_COLORS[d.state]}
              size={120}
            />
            <Flex vertical gap={6} style={{ flex: 1 }}>
              <div>
                <Tag color={STATE_COLORS[d.state]}>{d.stateName}</Tag>
                <Typography.Text type="secondary">
                  {h.lastSeen}：{d.lastSeen || '-'}（{d.online ? h.onlineYes : h.onlineNo}）
                </Typography.Text>
              </div>
              {d.deductions.length === 0 ? (
                <Typography.Text type="success">{h.noDeduction}</Typography.Text>
              ) : (
                d.deductions.map((x) => (
                  <Typography.Text key={x.reason} data-testid="deduction">
                    {x.reason} <Typography.Text type="danger">-{x.points}</Typography.Text>
                  </Typography.Text>
                ))
              )}
            </Flex>
          </Flex>
          <Alert type="info" showIcon title={h.scoreRule} />
          <div>
            <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {h.faultList}
              </Typography.Title>
              <Button danger disabled={picked.length === 0} onClick={() => setAsking(true)}>
                {h.clear}
              </Button>
            </Flex>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={d.faults}
              locale={{
                emptyText: (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.kit.common.empty} />
                ),
              }}
              rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(Number)) }}
              columns={[
                { key: 'code', dataIndex: 'code', title: h.faultCode, width: 90 },
                { key: 'name', dataIndex: 'name', title: h.faultName },
                { key: 'startTime', dataIndex: 'startTime', title: h.faultStart, width: 170 },
              ]}
            />
          </div>
          <div>
            <Typography.Title level={5}>{h.planList}</Typography.Title>
            <Table
              size="small"
              rowKey="planId"
              pagination={false}
              dataSource={d.plans}
              locale={{
                emptyText: (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.kit.common.empty} />
                ),
              }}
              columns={[
                { key: 'planName', dataIndex: 'planName', title: t.planName },
                { key: 'intervalText', dataIndex: 'intervalText', title: t.interval },
                {
                  key: 'nextDate',
                  dataIndex: 'nextDate',
                  title: t.nextDate,
                  render: (v: string) => v || '-',
                },
                { key: 'leftText', dataIndex: 'leftText', title: t.left },
                {
                  key: 'stateName',
                  title: t.dueState,
                  render: (_, p) => <Tag color={STATE_COLORS[p.state]}>{p.stateName}</Tag>,
                },
              ]}
            />
          </div>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t.carNo}>{d.carNo}</Descriptions.Item>
            <Descriptions.Item label={t.team}>{d.teamName || '-'}</Descriptions.Item>
          </Descriptions>
        </Flex>
      )}
      <Modal
        open={asking}
        title={h.clearTitle}
        onCancel={() => setAsking(false)}
        onOk={() => void clear()}
        confirmLoading={saving}
        okText={texts.kit.common.ok}
        cancelText={texts.kit.common.cancel}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="reason" label={h.reason} rules={[requiredRule(h.reasonRequired), maxRule(200)]}>
            <Input.TextArea rows={3} maxLength={200} placeholder={h.reasonPlaceholder} />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
