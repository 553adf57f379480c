import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, Form, Input, Modal, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { texts } from '../../locales';
import {
  fetchPlanCost,
  fetchPlanCostSettings,
  fetchPlanNotices,
  type PlanCost,
  type PlanCostSettings,
  type PlanNotice,
  savePlanCostSettings,
  sendPlanNotice,
} from './dispatchApi';
import { openPlanDrawer, usePlanDrawer } from './planDrawer';

const t = texts.planDispatch;
const MONEY = /^(0|[1-9]\d{0,5})(\.\d{1,2})?$/;

function NoticePane({ planId, canNotify }: { planId: number; canNotify: boolean }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const history = useQuery({ queryKey: ['plan-notices', planId], queryFn: () => fetchPlanNotices(planId) });
  const send = async () => {
    setSending(true);
    setAnswer(null);
    try {
      await sendPlanNotice(planId, text);
      setAnswer({ ok: true, message: t.sent });
      setText('');
    } catch (error) {
      setAnswer({ ok: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setSending(false);
      void client.invalidateQueries({ queryKey: ['plan-notices', planId] });
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {canNotify ? (
        <>
          <Alert type="info" showIcon message={t.noticeHint} />
          <Input.TextArea
            aria-label={t.noticeText}
            placeholder={t.noticePlaceholder}
            maxLength={300}
            showCount
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="primary" loading={sending} onClick={() => void send()}>
            {t.send}
          </Button>
          {answer ? (
            <Alert
              data-testid="notice-answer"
              type={answer.ok ? 'success' : 'error'}
              showIcon
              message={`${t.answer}：${answer.message}`}
            />
          ) : null}
        </>
      ) : null}
      <Table<PlanNotice>
        size="small"
        rowKey="id"
        title={() => t.history}
        loading={history.isLoading}
        dataSource={history.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: t.noHistory }}
        columns={[
          { key: 'sentTime', dataIndex: 'sentTime', title: t.sentTime, width: 160 },
          { key: 'sentBy', dataIndex: 'sentBy', title: t.sentBy, width: 90 },
          {
            key: 'result',
            title: t.answer,
            width: 110,
            render: (_, n) => <Tag color={n.result === 0 ? 'green' : 'red'}>{n.resultText}</Tag>,
          },
          { key: 'text', dataIndex: 'text', title: t.content, ellipsis: true },
        ]}
      />
    </Space>
  );
}

function SettingsDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Omit<PlanCostSettings, 'saved'>>();
  const settings = useQuery({
    queryKey: ['plan-cost-settings'],
    queryFn: fetchPlanCostSettings,
    enabled: open,
  });
  const [saving, setSaving] = useState(false);
  const money = [
    { required: true, message: t.required },
    { pattern: MONEY, message: t.moneyRule },
  ];
  return (
    <Modal
      title={t.settings}
      open={open}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ disabled: !settings.data }}
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        setSaving(true);
        try {
          await savePlanCostSettings({ ...values, fuelPer100Km: values.fuelPer100Km ?? '' });
          void message.success(t.settingsSaved);
          onSaved();
        } catch {
          // the request showed the refusal; the dialog stays open
        } finally {
          setSaving(false);
        }
      }}
    >
      {settings.data ? (
        <Form form={form} layout="vertical" initialValues={settings.data} preserve={false}>
          <Form.Item name="fuelPrice" label={t.fuelPrice} rules={money}>
            <Input />
          </Form.Item>
          <Form.Item name="tollPerKm" label={t.tollPerKm} rules={money}>
            <Input />
          </Form.Item>
          <Form.Item name="fuelPer100Km" label={t.fuelPer100Km} extra={t.fuelPer100KmHint}>
            <Input />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

function CostPane({ planId }: { planId: number }) {
  const client = useQueryClient();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const cost = useQuery({ queryKey: ['plan-cost', planId], queryFn: () => fetchPlanCost(planId) });
  const c = cost.data;
  const rows = (c: PlanCost) => [
    { key: 'fuel', part: t.fuel, amount: c.fuel.amount, basis: `${c.fuel.formula}（${c.fuel.basisText}）` },
    { key: 'toll', part: t.toll, amount: c.toll.amount, basis: c.toll.formula },
    { key: 'pay', part: t.driverPay, amount: c.driverPay.amount, basis: c.driverPay.basisText },
    { key: 'total', part: t.total, amount: c.total, basis: '' },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {cost.error ? <Alert type="error" showIcon message={(cost.error as Error).message} /> : null}
      {c ? (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t.distance}>{t.km(c.distanceKm)}</Descriptions.Item>
            <Descriptions.Item label={t.fuel}>
              {t.fuelBasis(c.fuel.per100Km, c.fuel.litres)}
            </Descriptions.Item>
          </Descriptions>
          {c.pricesSaved ? null : <Alert type="warning" showIcon message={t.defaultPrices} />}
          <Table
            data-testid="plan-cost"
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={rows(c)}
            columns={[
              {
                key: 'part',
                dataIndex: 'part',
                title: t.part,
                width: 90,
                render: (v: string, r) => (r.key === 'total' ? <strong>{v}</strong> : v),
              },
              {
                key: 'amount',
                dataIndex: 'amount',
                title: t.amount,
                width: 110,
                align: 'right',
                render: (v: string, r) => (r.key === 'total' ? <strong>{v}</strong> : v),
              },
              { key: 'basis', dataIndex: 'basis', title: t.basis },
            ]}
          />
        </>
      ) : null}
      <Button onClick={() => setSettingsOpen(true)}>{t.settings}</Button>
      <SettingsDialog
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        onSaved={() => {
          setSettingsOpen(false);
          void client.invalidateQueries({ queryKey: ['plan-cost'] });
          void client.invalidateQueries({ queryKey: ['plan-cost-settings'] });
        }}
      />
    </Space>
  );
}

/** 下发通知 and 成本估算 of the plan a row link opened (render once in the page). */
export function PlanDispatchDrawer({ owner }: { owner: 'list' | 'form' }) {
  const drawer = usePlanDrawer();
  const open = drawer?.owner === owner ? drawer : null;
  return (
    <Drawer
      title={open ? t.drawerTitle(open.planNo) : ''}
      open={open !== null}
      width={720}
      onClose={() => openPlanDrawer(null)}
      destroyOnHidden
    >
      {open ? (
        <Tabs
          activeKey={open.tab}
          onChange={(tab) => openPlanDrawer({ ...open, tab: tab as 'notice' | 'cost' })}
          items={[
            {
              key: 'notice',
              label: t.notice,
              children: <NoticePane planId={open.id} canNotify={open.canNotify} />,
            },
            { key: 'cost', label: t.cost, children: <CostPane planId={open.id} /> },
          ]}
        />
      ) : null}
    </Drawer>
  );
}
