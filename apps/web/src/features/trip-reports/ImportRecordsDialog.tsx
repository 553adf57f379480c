import { App, Button, Modal, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { texts } from '../../locales';
import { fetchImports, type ImportBatch, rollbackImport } from './api';

const t = texts.tripReports;

/** 导入记录: each import batch, rolled back as a whole. */
export function ImportRecordsDialog({
  open,
  onClose,
  onRolledBack,
}: {
  open: boolean;
  onClose: () => void;
  onRolledBack: () => void;
}) {
  const { modal, message } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [data, setData] = useState<{ list: ImportBatch[]; total: number }>();
  const [loading, setLoading] = useState(false);
  const load = async () => {
    setLoading(true);
    try {
      setData(await fetchImports(page));
    } catch {
      // shown by the request client
    } finally {
      setLoading(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload on opening and paging
  useEffect(() => {
    if (open) void load();
  }, [open, page]);
  const rollback = (b: ImportBatch) =>
    modal.confirm({
      title: t.rollbackTitle,
      content: t.rollbackContent(b.fileName, b.remaining),
      okText: t.rollback,
      okButtonProps: { danger: true },
      cancelText: texts.oilSaving.cancel,
      onOk: async () => {
        try {
          const done = await rollbackImport(b.id);
          void message.success(t.rolledBack(done.removed));
          await load();
          onRolledBack();
        } catch {
          // refused: the request client showed why; the list stays as it was
        }
      },
    });
  return (
    <Modal open={open} title={t.importRecords} onCancel={onClose} footer={null} width={960}>
      <Table<ImportBatch>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: t.empty }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          { key: 'fileName', dataIndex: 'fileName', title: t.fileName, width: 200, ellipsis: true },
          { key: 'rows', dataIndex: 'rows', title: t.rows, width: 80, align: 'right' },
          { key: 'remaining', dataIndex: 'remaining', title: t.remaining, width: 80, align: 'right' },
          { key: 'edited', dataIndex: 'edited', title: t.edited, width: 70, align: 'right' },
          { key: 'createdByName', dataIndex: 'createdByName', title: t.importedBy, width: 90 },
          { key: 'createTime', dataIndex: 'createTime', title: t.importTime, width: 160 },
          {
            key: 'state',
            title: t.state,
            width: 80,
            render: (_, b) => <Tag color={b.state === 2 ? undefined : 'blue'}>{b.stateName}</Tag>,
          },
          {
            key: 'op',
            title: t.operation,
            width: 70,
            render: (_, b) =>
              b.state === 1 ? (
                <Button type="link" size="small" danger onClick={() => rollback(b)}>
                  {t.rollback}
                </Button>
              ) : null,
          },
        ]}
      />
    </Modal>
  );
}
