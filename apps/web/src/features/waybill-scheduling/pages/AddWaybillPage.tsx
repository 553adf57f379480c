import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { orderTonsToKg, trimTons } from '@fleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Empty, Form, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CustomerSelect } from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { addPlanWaybills, fetchPlanWaybills, fetchScheduledPlans, type ScheduledPlan } from '../api';

const t = texts.waybillScheduling;
const LIST_PATH = '/car-dispatch/waybill-scheduling';

interface LoadsForm {
  loads: { plannedTons: string }[];
  customerId?: number | null;
  remark?: string;
}

/** The loads a plan's remaining tons make: trucks of the plan's load each, the last one the rest. */
function firstLoads(plan: ScheduledPlan): { plannedTons: string }[] {
  const planned = orderTonsToKg(plan.plannedTons || '0') ?? 0;
  const made = orderTonsToKg(plan.waybillTons || '0') ?? 0;
  const left = planned - made;
  return [{ plannedTons: left > 0 ? trimTons(left) : plan.plannedTons || '' }];
}

function AddWaybills({ plan }: { plan: ScheduledPlan }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoadsForm>();
  const [saving, setSaving] = useState(false);
  const waybills = useQuery({
    queryKey: ['plan-waybills', plan.id],
    queryFn: () => fetchPlanWaybills(plan.id),
  });
  const loads = Form.useWatch('loads', form) ?? [];
  const total = loads.reduce((s, l) => s + (orderTonsToKg(l?.plannedTons ?? '') ?? 0), 0);
  const submit = async (values: LoadsForm) => {
    setSaving(true);
    try {
      const done = await addPlanWaybills({
        planId: plan.id,
        loads: values.loads,
        customerId: values.customerId ?? null,
        remark: values.remark ?? '',
      });
      void message.success(t.created(done.count));
      await client.invalidateQueries({ queryKey: ['plan-waybills', plan.id] });
      await client.invalidateQueries({ queryKey: ['list', 'waybill-scheduling'] });
      await client.invalidateQueries({ queryKey: ['scheduled-plan', plan.id] });
    } catch {
      // the request showed the refusal; the loads stay as entered
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t.planInfo} extra={<Button onClick={() => void navigate(LIST_PATH)}>{t.back}</Button>}>
        <Descriptions size="small" column={3}>
          <Descriptions.Item label={t.planNo}>{plan.planNo}</Descriptions.Item>
          <Descriptions.Item label={t.state}>{plan.stateName}</Descriptions.Item>
          <Descriptions.Item label={t.line}>{orDash(plan.lineName)}</Descriptions.Item>
          <Descriptions.Item label={t.carNo}>{orDash(plan.carNo)}</Descriptions.Item>
          <Descriptions.Item label={t.driver}>{orDash(plan.driverName)}</Descriptions.Item>
          <Descriptions.Item label={t.customer}>{orDash(plan.customerName)}</Descriptions.Item>
          <Descriptions.Item label={t.cargo}>{orDash(plan.cargo)}</Descriptions.Item>
          <Descriptions.Item label={t.plannedTons}>{orDash(plan.plannedTons)}</Descriptions.Item>
          <Descriptions.Item label={t.departTime}>{orDash(plan.departTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={`${t.made}（${waybills.data?.total ?? 0}）`}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          loading={waybills.isLoading}
          dataSource={waybills.data?.list ?? []}
          locale={{ emptyText: t.noWaybills }}
          columns={[
            { key: 'billNo', dataIndex: 'billNo', title: t.billNo, width: 200 },
            { key: 'statusName', dataIndex: 'statusName', title: t.status, width: 90 },
            { key: 'plannedTons', dataIndex: 'plannedTons', title: t.tons, width: 120 },
            { key: 'loadingStation', dataIndex: 'loadingStation', title: t.loading },
            { key: 'unloadingStation', dataIndex: 'unloadingStation', title: t.unloading },
            { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
          ]}
        />
      </Card>
      <Card title={t.loads} extra={<Typography.Text type="secondary">{t.loadsHint}</Typography.Text>}>
        <Form<LoadsForm>
          form={form}
          layout="vertical"
          initialValues={{ loads: firstLoads(plan) }}
          onFinish={(values) => void submit(values)}
        >
          <Form.List name="loads">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item
                      name={[field.name, 'plannedTons']}
                      label={`${t.load(i + 1)} ${t.tons}`}
                      rules={[
                        {
                          validator: (_, v: string) =>
                            (orderTonsToKg(v ?? '') ?? 0) > 0
                              ? Promise.resolve()
                              : Promise.reject(new Error(t.tonsRule)),
                        },
                      ]}
                    >
                      <Input style={{ width: 200 }} />
                    </Form.Item>
                    {fields.length > 1 ? (
                      <Button type="link" icon={<MinusCircleOutlined />} onClick={() => remove(field.name)}>
                        {t.remove}
                      </Button>
                    ) : null}
                  </Space>
                ))}
                <Form.Item>
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ plannedTons: loads.at(-1)?.plannedTons ?? '' })}
                  >
                    {t.addLoad}
                  </Button>
                </Form.Item>
              </>
            )}
          </Form.List>
          {plan.customerName ? null : (
            <Form.Item
              name="customerId"
              label={t.customerPick}
              rules={[{ required: true, message: t.customerPick }]}
            >
              <CustomerSelect allowClear style={{ width: 280 }} />
            </Form.Item>
          )}
          <Form.Item name="remark" label={t.remark}>
            <Input maxLength={200} style={{ width: 420 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t.submit}
            </Button>
            <Typography.Text>
              {t.count}：{loads.length}，{t.totalTons(trimTons(total))}
            </Typography.Text>
          </Space>
        </Form>
      </Card>
    </Space>
  );
}

/** 调度派单 (/car-dispatch/waybill-scheduling/add-waybill?planId=): the waybills of a plan's loads. */
export default function AddWaybillPage() {
  const [params] = useSearchParams();
  const planId = Number(params.get('planId'));
  const plan = useQuery({
    queryKey: ['scheduled-plan', planId],
    queryFn: () => fetchScheduledPlans({ planId, pageNum: 1, pageSize: 1 }),
    enabled: Number.isInteger(planId) && planId > 0,
  });
  const found = plan.data?.list[0];
  if (plan.isLoading) return null;
  if (!found) return <Empty description={t.noPlan} />;
  return <AddWaybills key={found.id} plan={found} />;
}
