import { fenToYuan, yuanToFen } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Space,
  Steps,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { texts } from '../../locales';
import { yuanRule } from '../waybills/waybillParts';
import { type ActResult, approve, batchApprove, editFee, type FeeRow, fetchRound, resubmit } from './api';

const t = texts.approvals;

export const yuan = (fen: number | null | undefined) =>
  fen === null || fen === undefined ? '-' : fenToYuan(fen);

export const STATUS_COLOR: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error' };
const STEP_COLOR: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'red', 4: 'blue' };

/** 通过 / 驳回 of one or several rounds, with the comment (required to reject). */
export function ActDialog({
  ids,
  pass,
  batch = false,
  onClose,
  onDone,
}: {
  ids: number[];
  pass: boolean;
  /** From the list's batch buttons: the batch call and its per-item answer, also for one row. */
  batch?: boolean;
  onClose: () => void;
  onDone: (results: ActResult[] | null) => void;
}) {
  const [form] = Form.useForm<{ comment?: string }>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const submit = async () => {
    const { comment } = await form.validateFields();
    setSaving(true);
    try {
      if (batch) {
        const answer = await batchApprove(ids, pass, comment?.trim() || undefined);
        onDone(answer.list);
      } else {
        await approve(ids[0] as number, pass, comment?.trim() || undefined);
        void message.success(pass ? t.act.approved : t.act.rejected);
        onDone(null);
      }
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
      title={batch ? t.act.batchTitle(pass, ids.length) : pass ? t.act.approveTitle : t.act.rejectTitle}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okButtonProps={{ danger: !pass }}
      destroyOnHidden
      width={480}
    >
      <Form form={form} layout="vertical" name="approval-act">
        <Form.Item
          name="comment"
          label={t.act.comment}
          rules={pass ? [] : [{ required: true, whitespace: true, message: t.act.commentRequired }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={t.act.commentPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The per-item answer of a batch. */
export function BatchResultDialog({ results, onClose }: { results: ActResult[]; onClose: () => void }) {
  const ok = results.filter((r) => r.result !== 'refused').length;
  return (
    <Modal
      open
      title={t.act.resultTitle}
      onCancel={onClose}
      footer={<Button onClick={onClose}>OK</Button>}
      width={720}
    >
      <Typography.Paragraph data-testid="batch-result-line">
        {t.act.resultLine(ok, results.length - ok)}
      </Typography.Paragraph>
      <Table<ActResult>
        rowKey="id"
        size="small"
        dataSource={results}
        pagination={results.length > 10 ? { pageSize: 10 } : false}
        columns={[
          { key: 'taskCode', dataIndex: 'taskCode', title: t.list.taskCode },
          { key: 'billNo', dataIndex: 'billNo', title: t.list.billNo },
          {
            key: 'result',
            title: t.act.result,
            render: (_, r) => (
              <Tag color={r.result === 'refused' ? 'error' : 'success'}>{t.act.results[r.result]}</Tag>
            ),
          },
          { key: 'message', dataIndex: 'message', title: t.act.reason },
        ]}
      />
    </Modal>
  );
}

/** 修改费用: the amount in yuan (sent in fen, exactly) and the remark of a rejected fee. */
function FeeEditDialog({ fee, onClose, onSaved }: { fee: FeeRow; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<{ amountYuan: string; remark?: string }>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const d = t.detail;
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await editFee(fee.id, yuanToFen(v.amountYuan.trim()), v.remark?.trim() || undefined);
      void message.success(d.edited);
      onSaved();
      onClose();
    } catch {
      // shown by the request client
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={`${d.editTitle}：${fee.feeTypeName}`}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      width={440}
    >
      <Form
        form={form}
        layout="vertical"
        name="approval-fee-edit"
        initialValues={{ amountYuan: fenToYuan(fee.amountFen), remark: fee.remark }}
      >
        <Form.Item
          name="amountYuan"
          label={d.editAmount}
          rules={[{ required: true, whitespace: true, message: d.amountRequired }, yuanRule]}
        >
          <Input placeholder={d.amountPlaceholder} suffix={d.yuan} />
        </Form.Item>
        <Form.Item name="remark" label={d.remark}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A round's detail: the waybill, its fees, the chain as submitted and the tracking timeline. */
export function RoundDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: number;
  onClose: () => void;
  onChanged: () => void;
}) {
  const round = useQuery({ queryKey: ['approvals', 'round', id], queryFn: () => fetchRound(id) });
  const [acting, setActing] = useState<boolean>();
  const [editing, setEditing] = useState<FeeRow>();
  const { modal, message } = App.useApp();
  const r = round.data;
  const d = t.detail;
  const changed = () => {
    void round.refetch();
    onChanged();
  };
  const confirmResubmit = () =>
    modal.confirm({
      title: t.list.resubmit,
      content: t.act.resubmitConfirm,
      onOk: async () => {
        try {
          await resubmit(id);
          void message.success(t.act.resubmitted);
          onChanged();
          onClose();
        } catch {
          // shown by the request client
        }
      },
    });
  return (
    <Drawer
      open
      width={760}
      title={r ? d.title(r.taskCode) : ''}
      onClose={onClose}
      loading={round.isLoading}
      extra={
        r && (
          <Space>
            {r.mayApprove && (
              <>
                <Button type="primary" onClick={() => setActing(true)}>
                  {t.list.approve}
                </Button>
                <Button danger onClick={() => setActing(false)}>
                  {t.list.reject}
                </Button>
              </>
            )}
            {r.mayResubmit && (
              <Button type="primary" onClick={confirmResubmit}>
                {t.list.resubmit}
              </Button>
            )}
          </Space>
        )
      }
    >
      {r && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered title={d.waybill}>
            <Descriptions.Item label={t.list.billNo}>{r.billNo}</Descriptions.Item>
            <Descriptions.Item label={t.list.carNo}>{r.carNo || '-'}</Descriptions.Item>
            <Descriptions.Item label={t.list.customer}>{r.customerName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t.list.line}>{r.lineName || '-'}</Descriptions.Item>
            <Descriptions.Item label={d.freight}>{yuan(r.freightFen)}</Descriptions.Item>
            <Descriptions.Item label={d.total}>{yuan(r.amountFen)}</Descriptions.Item>
            <Descriptions.Item label={d.status}>
              <Tag color={STATUS_COLOR[r.status]}>{r.statusName}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t.list.submitter}>
              {r.submitterName} {r.submitTime}
            </Descriptions.Item>
          </Descriptions>
          <Card size="small" title={d.fees}>
            <Table<FeeRow>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={r.fees}
              columns={[
                { key: 'feeTypeName', dataIndex: 'feeTypeName', title: d.feeType },
                { key: 'feeKindName', dataIndex: 'feeKindName', title: d.feeKind, width: 70 },
                {
                  key: 'amountFen',
                  title: d.amount,
                  align: 'right',
                  width: 120,
                  render: (_, f) => yuan(f.amountFen),
                },
                {
                  key: 'stateName',
                  title: d.feeState,
                  width: 90,
                  render: (_, f) => (
                    <Tag color={STATUS_COLOR[f.state === 2 ? 2 : f.state === 3 ? 3 : 1]}>{f.stateName}</Tag>
                  ),
                },
                { key: 'remark', dataIndex: 'remark', title: d.remark, ellipsis: true },
                ...(r.mayResubmit
                  ? [
                      {
                        key: 'edit',
                        title: t.list.actions,
                        width: 70,
                        render: (_: unknown, f: FeeRow) =>
                          f.state === 3 ? (
                            <Typography.Link onClick={() => setEditing(f)}>{d.edit}</Typography.Link>
                          ) : null,
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
          <Card size="small" title={d.chain}>
            <Steps
              size="small"
              current={Math.max(
                0,
                r.chain.findIndex((n) => n.state === '审批中'),
              )}
              items={r.chain.map((n) => ({
                title: n.nodeName,
                description: `${n.approvers.join('、')} · ${n.state}`,
                status:
                  n.state === '已通过'
                    ? 'finish'
                    : n.state === '已驳回'
                      ? 'error'
                      : n.state === '审批中'
                        ? 'process'
                        : 'wait',
              }))}
            />
          </Card>
          <Card size="small" title={d.tracking}>
            <Timeline
              data-testid="approval-timeline"
              items={[
                ...r.steps.map((s) => ({
                  color: STEP_COLOR[s.action] ?? 'gray',
                  children: (
                    <Space direction="vertical" size={0}>
                      <Typography.Text strong>
                        {s.nodeName === s.actionName ? s.actionName : `${s.nodeName} · ${s.actionName}`}
                      </Typography.Text>
                      <Typography.Text>
                        {s.userName} {s.time}
                      </Typography.Text>
                      {s.comment && <Typography.Text type="secondary">{s.comment}</Typography.Text>}
                    </Space>
                  ),
                })),
                ...(r.waiting
                  ? [
                      {
                        color: 'gray',
                        children: d.waiting(r.waiting.nodeName, r.waiting.approvers.join('、')),
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
        </Space>
      )}
      {acting !== undefined && (
        <ActDialog ids={[id]} pass={acting} onClose={() => setActing(undefined)} onDone={() => changed()} />
      )}
      {editing && <FeeEditDialog fee={editing} onClose={() => setEditing(undefined)} onSaved={changed} />}
    </Drawer>
  );
}
