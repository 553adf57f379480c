import { LOG_DIALOG_PAGE_SIZE, LOG_DIALOG_WIDTH, OPERATION_LOG_PAGE_ENUM } from '@fleet/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Modal, Table } from 'antd';
import { useState } from 'react';
import { fetchOperationLog, type OperationLogRow } from '../../api/common';
import { texts } from '../../locales';
import { WithQueryClient } from '../query';

const t = texts.kit;

export interface OperationLogDialogProps {
  open: boolean;
  /** The record whose log is shown; nothing is fetched without one. */
  dataId: string | number | undefined;
  /** What the record is (OPERATE_LOG_PAGES); 6 by default. */
  pageEnum?: number;
  onClose: () => void;
}

function OperationLogTable({ dataId, pageEnum }: { dataId: string | number; pageEnum: number }) {
  const [pageNum, setPageNum] = useState(1);
  const log = useQuery({
    queryKey: ['kit', 'operationLog', dataId, pageEnum, pageNum],
    queryFn: ({ signal }) =>
      fetchOperationLog({ dataId, pageEnum, pageNum, pageSize: LOG_DIALOG_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<OperationLogRow>
      size="small"
      rowKey={(row) => String(row.id ?? `${row.time}-${row.content}`)}
      loading={log.isFetching}
      dataSource={log.data?.list ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.common.empty} /> }}
      columns={[
        { key: 'time', dataIndex: 'time', title: t.log.time, width: 170 },
        { key: 'accountName', dataIndex: 'accountName', title: t.log.account, width: 110 },
        { key: 'content', dataIndex: 'content', title: t.log.content },
      ]}
      pagination={
        (log.data?.total ?? 0) > 0
          ? {
              current: pageNum,
              pageSize: LOG_DIALOG_PAGE_SIZE,
              total: log.data?.total ?? 0,
              showSizeChanger: false,
              showTotal: t.list.total,
              size: 'small',
              onChange: setPageNum,
            }
          : false
      }
    />
  );
}

/** 操作日志 (width 600, 10 a page) of one record: time, account and what was done. */
export function OperationLogDialog({
  open,
  dataId,
  pageEnum = OPERATION_LOG_PAGE_ENUM,
  onClose,
}: OperationLogDialogProps) {
  return (
    <Modal
      open={open}
      title={t.log.title}
      width={LOG_DIALOG_WIDTH}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      {dataId !== undefined && (
        <WithQueryClient>
          <OperationLogTable key={`${dataId}:${pageEnum}`} dataId={dataId} pageEnum={pageEnum} />
        </WithQueryClient>
      )}
    </Modal>
  );
}
