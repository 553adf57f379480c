import {
  App,
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { ListPagination, TeamTreeSelect } from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { clearDepreciation, type DepreciationRow, fetchDepreciation, saveDepreciation } from './api';

const t = texts.costs.depreciation;
const c = texts.costs;
const MONEY = /^\d{1,10}(\.\d{1,2})?$/;

interface TermsValues {
  purchasePrice: string;
  purchaseDate: Dayjs;
  lifeMonths: number;
  residual: string;
}

/** One truck's purchase price, date, life and residual. */
function TermsForm({
  row,
  onClose,
  onSaved,
}: {
  row: DepreciationRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<TermsValues>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const submit = async (v: TermsValues) => {
    setSaving(true);
    try {
      const res = await saveDepreciation({
        truckId: row.truckId,
        purchasePrice: v.purchasePrice,
        purchaseDate: v.purchaseDate.format('YYYY-MM-DD'),
        lifeMonths: v.lifeMonths,
        residual: v.residual,
      });
      if (res.code === 200) {
        void message.success(t.saved);
        onSaved();
      } else void message.error(res.msg);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={`${row.set ? t.edit : t.set}：${row.carNo}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
      <Form<TermsValues>
        form={form}
        layout="vertical"
        name="depreciation"
        onFinish={(v) => void submit(v)}
        initialValues={
          row.set
            ? {
                purchasePrice: row.purchasePrice,
                purchaseDate: dayjs(row.purchaseDate),
                lifeMonths: row.lifeMonths ?? 60,
                residual: row.residual,
              }
            : { lifeMonths: 60, residual: '0' }
        }
      >
        <Form.Item
          name="purchasePrice"
          label={t.purchasePrice}
          rules={[
            { required: true, message: t.required.purchasePrice },
            { pattern: MONEY, message: c.rules.money },
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="purchaseDate"
          label={t.purchaseDate}
          rules={[{ required: true, message: t.required.purchaseDate }]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="lifeMonths"
          label={t.lifeMonths}
          rules={[
            { required: true, message: t.required.lifeMonths },
            { type: 'integer', min: 1, max: 600, message: t.lifeRule },
          ]}
        >
          <InputNumber style={{ width: '100%' }} precision={0} />
        </Form.Item>
        <Form.Item
          name="residual"
          label={t.residual}
          dependencies={['purchasePrice']}
          rules={[
            { required: true, message: t.required.residual },
            { pattern: MONEY, message: c.rules.money },
            {
              validator: async (_, value: string) => {
                const price = Number(form.getFieldValue('purchasePrice'));
                if (value !== undefined && value !== '' && price > 0 && Number(value) >= price)
                  throw new Error(t.residualRule);
              },
            },
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 车辆折旧设置 of 成本分析: the trucks with their terms and figures, set, changed or cleared one by one. */
export function DepreciationDialog({
  open,
  onClose,
  onChanged,
}: {
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { modal, message } = App.useApp();
  const [teamCode, setTeamCode] = useState<string>();
  const [onlySet, setOnlySet] = useState(false);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [data, setData] = useState<{ list: DepreciationRow[]; total: number }>();
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<DepreciationRow>();
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await fetchDepreciation({ ...page, teamCode, set: onlySet ? 1 : undefined }));
    } finally {
      setLoading(false);
    }
  }, [page, teamCode, onlySet]);
  useEffect(() => {
    if (open) void load();
  }, [open, load]);
  return (
    <Modal open={open} title={t.title} width={1240} footer={null} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
      <Flex gap={12} align="center" style={{ marginBottom: 12 }}>
        <TeamTreeSelect
          style={{ width: 200 }}
          placeholder={c.team}
          value={teamCode}
          onChange={(v) => {
            setTeamCode(typeof v === 'string' ? v : undefined);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
        <Checkbox
          checked={onlySet}
          onChange={(e) => {
            setOnlySet(e.target.checked);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        >
          {t.onlySet}
        </Checkbox>
      </Flex>
      <Table<DepreciationRow>
        rowKey="truckId"
        size="small"
        loading={loading}
        dataSource={data?.list ?? []}
        pagination={false}
        scroll={{ x: 1000 }}
        columns={[
          {
            key: 'carNo',
            title: c.truck,
            width: 130,
            render: (_, r) => (
              <Space size={4}>
                {r.carNo}
                {r.hired && <Tag>{t.hired}</Tag>}
              </Space>
            ),
          },
          { key: 'teamName', dataIndex: 'teamName', title: c.team, width: 130, render: orDash },
          {
            key: 'purchasePrice',
            dataIndex: 'purchasePrice',
            title: t.purchasePrice,
            width: 120,
            align: 'right',
            render: orDash,
          },
          {
            key: 'purchaseDate',
            dataIndex: 'purchaseDate',
            title: t.purchaseDate,
            width: 110,
            render: orDash,
          },
          {
            key: 'lifeMonths',
            dataIndex: 'lifeMonths',
            title: t.lifeMonths,
            width: 90,
            align: 'right',
            render: orDash,
          },
          {
            key: 'residual',
            dataIndex: 'residual',
            title: t.residual,
            width: 110,
            align: 'right',
            render: orDash,
          },
          {
            key: 'monthly',
            dataIndex: 'monthly',
            title: t.monthly,
            width: 120,
            align: 'right',
            render: orDash,
          },
          {
            key: 'accumulated',
            dataIndex: 'accumulated',
            title: t.accumulated,
            width: 120,
            align: 'right',
            render: orDash,
          },
          {
            key: 'netValue',
            dataIndex: 'netValue',
            title: t.netValue,
            width: 120,
            align: 'right',
            render: orDash,
          },
          {
            key: 'actions',
            title: texts.kit.common.actions,
            width: 120,
            fixed: 'right',
            render: (_, r) => (
              <Space>
                <Typography.Link onClick={() => setEditing(r)}>{r.set ? t.edit : t.set}</Typography.Link>
                {r.set && (
                  <Typography.Link
                    type="danger"
                    onClick={() =>
                      modal.confirm({
                        content: t.confirmClear(r.carNo),
                        onOk: async () => {
                          await clearDepreciation(r.truckId);
                          void message.success(t.cleared);
                          void load();
                          onChanged();
                        },
                      })
                    }
                  >
                    {t.clear}
                  </Typography.Link>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ListPagination total={data?.total ?? 0} page={page} onChange={setPage} />
      {editing && (
        <TermsForm
          row={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void load();
            onChanged();
          }}
        />
      )}
    </Modal>
  );
}
