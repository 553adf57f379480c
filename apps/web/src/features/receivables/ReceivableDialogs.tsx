import { fenToYuan, yuanToFen } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, AutoComplete, Drawer, Form, Input, InputNumber, Modal, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../kit';
import { texts } from '../../locales';
import {
  type Adjustment,
  adjust,
  fetchAdjustments,
  joinStatement,
  type Receivable,
  searchStatements,
  updateAnomalyMoney,
  updateCheckMoney,
} from './api';

const t = texts.receivables;

/** Yuan with two decimals of an amount in fen; '-' for none. */
export const yuan = (fen: number | null | undefined) =>
  fen === null || fen === undefined ? '-' : fenToYuan(fen);

/** A yuan amount typed in the form (text of InputNumber's string mode) → fen, exactly; null if not a number. */
function toFen(text: unknown): number | null {
  if (text === null || text === undefined || text === '') return null;
  try {
    return yuanToFen(String(text));
  } catch {
    return null;
  }
}

const MONEY = /^-?\d+(\.\d{1,2})?$/;

/** Form rules of an amount in yuan with at most two decimals. */
const moneyRules = (required: string, allowNegative: boolean) => [
  { required: true, message: required },
  {
    validator: (_: unknown, value: unknown) => {
      if (value === null || value === undefined || value === '') return Promise.resolve();
      const text = String(value);
      if (!MONEY.test(text)) return Promise.reject(new Error(t.moneyInvalid));
      if (!allowNegative && text.startsWith('-')) return Promise.reject(new Error(t.moneyNegative));
      return Promise.resolve();
    },
  },
];

export type AmountKind = 'check' | 'anomaly' | 'adjust';

interface AmountValues {
  amount: string;
  reason?: string;
}

/** 核对金额, 异常金额 or 调整 of one waybill: an amount in yuan (two decimals) and, where needed, a reason. */
export function AmountDialog({
  kind,
  row,
  onClose,
  onSaved,
}: {
  kind: AmountKind;
  row: Receivable;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<AmountValues>();
  const amount = Form.useWatch('amount', form);
  const initial: AmountValues =
    kind === 'check'
      ? { amount: fenToYuan(row.checkFen ?? row.confirmedFen) }
      : kind === 'anomaly'
        ? { amount: fenToYuan(row.anomalyFen), reason: row.anomalyReason ?? '' }
        : { amount: fenToYuan(row.adjustFen), reason: '' };
  const title =
    kind === 'check'
      ? t.checkTitle(row.billNo)
      : kind === 'anomaly'
        ? t.anomalyTitle(row.billNo)
        : t.adjustTitle(row.billNo);
  const label = kind === 'check' ? t.checkAmount : kind === 'anomaly' ? t.anomalyAmount : t.adjustAmount;
  const required =
    kind === 'check'
      ? t.checkAmountRequired
      : kind === 'anomaly'
        ? t.anomalyAmountRequired
        : t.adjustAmountRequired;
  const adjusted = kind === 'adjust' ? toFen(amount) : null;

  // the rules let only an amount of at most two decimals through
  const save = (values: AmountValues) => {
    const fen = toFen(values.amount) as number;
    const reason = values.reason?.trim() ?? '';
    if (kind === 'check') return updateCheckMoney(row.waybillId, fen);
    if (kind === 'anomaly') return updateAnomalyMoney(row.waybillId, fen, reason);
    return adjust(row.waybillId, fen, reason);
  };

  return (
    <FormDialog<AmountValues, Receivable>
      open
      status="edit"
      form={form}
      title={title}
      name={`receivable-${kind}`}
      layout="vertical"
      width={520}
      initialValues={initial}
      successMessage={t.saved}
      onSubmit={save}
      onSaved={() => onSaved()}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        {t.income}：{yuan(row.incomeFen)}　{t.adjust}：{yuan(row.adjustFen)}　{t.confirmed}：
        {yuan(row.confirmedFen)}
      </Typography.Paragraph>
      <Form.Item
        name="amount"
        label={label}
        rules={moneyRules(required, kind === 'adjust')}
        extra={kind === 'adjust' ? t.adjustAmountHint : undefined}
      >
        <InputNumber<string> stringMode precision={2} step="0.01" style={{ width: '100%' }} />
      </Form.Item>
      {kind === 'adjust' && adjusted !== null && (
        <Typography.Paragraph>{t.confirmedAfter(fenToYuan(row.incomeFen + adjusted))}</Typography.Paragraph>
      )}
      {kind !== 'check' && (
        <Form.Item
          name="reason"
          label={kind === 'anomaly' ? t.anomalyReasonLabel : t.adjustReason}
          required={kind === 'adjust'}
          dependencies={['amount']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_: unknown, value: string | undefined) => {
                const needed = kind === 'adjust' || (toFen(getFieldValue('amount')) ?? 0) > 0;
                if (needed && !value?.trim())
                  return Promise.reject(
                    new Error(kind === 'adjust' ? t.adjustReasonRequired : t.anomalyReasonRequired),
                  );
                return Promise.resolve();
              },
            }),
            { max: 200, message: t.reasonMax },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      )}
    </FormDialog>
  );
}

/** 加入对账单: a statement name, typed or picked from the names found as one types (600 ms). */
export function StatementDialog({
  rows,
  onClose,
  onSaved,
}: {
  rows: Receivable[];
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ checkName: string }>();
  const [saving, setSaving] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(keyword.trim()), 600);
    return () => clearTimeout(timer);
  }, [keyword]);
  const found = useQuery({
    queryKey: ['receivable-statements', debounced],
    queryFn: ({ signal }) => searchStatements(debounced, signal),
  });

  const save = async () => {
    let values: { checkName: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const name = values.checkName.trim();
    setSaving(true);
    try {
      const done = await joinStatement(
        rows.map((r) => r.waybillId),
        name,
      );
      void message.success(t.joined(name, done.changed));
      onSaved(name);
      onClose();
    } catch {
      // the request client showed why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t.joinTitle(rows.length)}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
      width={520}
    >
      <Form form={form} name="receivable-statement" layout="vertical" preserve={false}>
        <Form.Item
          name="checkName"
          label={t.statementName}
          rules={[
            { required: true, whitespace: true, message: t.statementNameRequired },
            { max: 60, message: '最多输入60个字符' },
          ]}
        >
          <AutoComplete
            placeholder={t.statementNamePlaceholder}
            onSearch={setKeyword}
            options={(found.data ?? []).map((s) => ({
              value: s.checkName,
              label: (
                <span>
                  {s.checkName}
                  <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                    {t.statementWaybills(s.waybills)}
                  </Typography.Text>
                </span>
              ),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 调整记录: who changed a waybill's adjustment, when, from what to what, and why. */
export function AdjustmentsDrawer({ row, onClose }: { row: Receivable; onClose: () => void }) {
  const history = useQuery({
    queryKey: ['receivable-adjustments', row.waybillId],
    queryFn: ({ signal }) => fetchAdjustments(row.waybillId, signal),
  });
  return (
    <Drawer open title={t.historyTitle(row.billNo)} onClose={onClose} size={720}>
      <Table<Adjustment>
        rowKey="id"
        size="small"
        loading={history.isFetching}
        dataSource={history.data ?? []}
        pagination={false}
        locale={{ emptyText: t.historyEmpty }}
        columns={[
          { key: 'at', dataIndex: 'at', title: t.operatedAt, width: 170 },
          { key: 'userName', dataIndex: 'userName', title: t.operator, width: 100 },
          {
            key: 'oldFen',
            dataIndex: 'oldFen',
            title: t.oldAmount,
            width: 120,
            align: 'right',
            render: (v: number) => yuan(v),
          },
          {
            key: 'newFen',
            dataIndex: 'newFen',
            title: t.newAmount,
            width: 120,
            align: 'right',
            render: (v: number) => yuan(v),
          },
          { key: 'reason', dataIndex: 'reason', title: t.adjustReason },
        ]}
      />
    </Drawer>
  );
}
