import { fenToYuan } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Image, Space, Table, Typography } from 'antd';
import { texts } from '../../locales';
import { fetchPayments } from './api';

const t = texts.payments;

/** 付款记录 of one waybill: every payment, newest first, with the fees it paid and its invoice images. */
export function PaymentsDrawer({
  waybillId,
  billNo,
  onClose,
}: {
  waybillId: number;
  billNo: string;
  onClose: () => void;
}) {
  const payments = useQuery({
    queryKey: ['payments', waybillId],
    queryFn: ({ signal }) => fetchPayments(waybillId, signal),
  });
  return (
    <Drawer open width={860} title={t.historyTitle(billNo)} onClose={onClose}>
      {payments.data && payments.data.length === 0 ? (
        <Empty description={t.noPayments} />
      ) : (
        <Table
          size="small"
          rowKey="id"
          loading={payments.isLoading}
          pagination={false}
          dataSource={payments.data ?? []}
          columns={[
            { key: 'paidAt', dataIndex: 'paidAt', title: t.paidAt, width: 160 },
            {
              key: 'payee',
              title: t.payeeName,
              width: 120,
              render: (_, p) => `${p.payeeName}（${p.payeeTypeName}）`,
            },
            {
              key: 'amount',
              title: t.amount,
              width: 100,
              align: 'right',
              render: (_, p) => fenToYuan(p.amountFen),
            },
            { key: 'method', dataIndex: 'payMethodName', title: t.payMethod, width: 90 },
            { key: 'payer', dataIndex: 'payer', title: t.payer, width: 90 },
            {
              key: 'items',
              title: t.paidFees,
              render: (_, p) => (
                <Space direction="vertical" size={0}>
                  {p.items.map((i) => (
                    <Typography.Text key={i.feeId}>
                      {i.feeTypeName} {fenToYuan(i.amountFen)}
                    </Typography.Text>
                  ))}
                  {p.remark && <Typography.Text type="secondary">{p.remark}</Typography.Text>}
                </Space>
              ),
            },
            {
              key: 'photos',
              title: t.photos,
              width: 140,
              render: (_, p) =>
                p.photos.length ? (
                  <Image.PreviewGroup>
                    <Space size={4} wrap>
                      {p.photos.map((url) => (
                        <Image key={url} src={url} width={32} height={32} />
                      ))}
                    </Space>
                  </Image.PreviewGroup>
                ) : (
                  '-'
                ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
