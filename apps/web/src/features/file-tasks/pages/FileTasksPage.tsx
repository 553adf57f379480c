import { Progress, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  deleteFileTask,
  downloadFileTask,
  type FileTask,
  type FileTaskQuery,
  type FileTaskStatus,
  fetchFileTasks,
} from '../../../api/fileTasks';
import {
  type ListColumn,
  ListPage,
  type ListPageHandle,
  type SearchField,
  useRowConfirm,
} from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';

const t = texts.fileTasks;
const common = texts.kit.common;
/** How often the list refreshes while a task waits or runs. */
const REFRESH_MS = 2000;

const searchFields: SearchField[] = [
  {
    name: 'kind',
    label: t.kind,
    type: 'select',
    options: [
      { label: t.kinds.export, value: 'export' },
      { label: t.kinds.import, value: 'import' },
    ],
  },
  {
    name: 'status',
    label: t.status,
    type: 'select',
    options: (Object.keys(t.statuses) as FileTaskStatus[]).map((value) => ({
      label: t.statuses[value],
      value,
    })),
  },
];

const STATUS_COLOURS: Record<FileTaskStatus, string> = {
  waiting: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

const PROGRESS_STATUS = {
  waiting: 'normal',
  running: 'active',
  done: 'success',
  failed: 'exception',
} as const;

const isActive = (task: FileTask) => task.status === 'waiting' || task.status === 'running';

/** 导入导出查询 (/information/file-task): the user's exports and imports, with progress and downloads. */
export default function FileTasksPage() {
  const list = useRef<ListPageHandle>(null);
  const confirm = useRowConfirm(() => list.current?.reload());
  const [active, setActive] = useState(false);

  // While a task waits or runs, the list (and its progress bars) refreshes by itself.
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void list.current?.reload(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [active]);

  const columns = useMemo<ListColumn<FileTask>[]>(() => {
    const remove = (task: FileTask) => {
      confirm({
        content: t.confirmDelete(task.fileName),
        run: () => deleteFileTask(task.id),
        done: t.deleted,
        danger: true,
      });
    };
    return [
      {
        key: 'kind',
        dataIndex: 'kind',
        title: t.kind,
        render: (kind: FileTask['kind']) => (
          <Tag color={kind === 'export' ? 'blue' : 'purple'}>{t.kinds[kind]}</Tag>
        ),
      },
      { key: 'title', dataIndex: 'title', title: t.title },
      { key: 'fileName', dataIndex: 'fileName', title: t.fileName },
      {
        key: 'status',
        dataIndex: 'status',
        title: t.status,
        render: (status: FileTaskStatus) => <Tag color={STATUS_COLOURS[status]}>{t.statuses[status]}</Tag>,
      },
      {
        key: 'progress',
        dataIndex: 'progress',
        title: t.progress,
        render: (progress: number, task) => (
          <Progress
            percent={progress}
            size="small"
            status={PROGRESS_STATUS[task.status]}
            style={{ width: 160, margin: 0 }}
            aria-label={`${t.progress} ${progress}%`}
          />
        ),
      },
      { key: 'totalRows', dataIndex: 'totalRows', title: t.rows },
      { key: 'createTime', dataIndex: 'createTime', title: t.createTime },
      { key: 'finishTime', dataIndex: 'finishTime', title: t.finishTime, render: orDash },
      {
        key: 'error',
        dataIndex: 'error',
        title: t.result,
        render: (error: string | null) =>
          error ? (
            <Typography.Text type="danger" ellipsis={{ tooltip: error }} style={{ maxWidth: 280 }}>
              {error}
            </Typography.Text>
          ) : (
            common.none
          ),
      },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        render: (_, task) => (
          <Space size={12}>
            {task.downloadable && (
              <Typography.Link onClick={() => void downloadFileTask(task).catch(() => undefined)}>
                {t.download}
              </Typography.Link>
            )}
            {!isActive(task) && (
              <Typography.Link type="danger" onClick={() => remove(task)}>
                {t.delete}
              </Typography.Link>
            )}
          </Space>
        ),
      },
    ];
  }, [confirm]);

  return (
    <ListPage<FileTask>
      ref={list}
      listKey="file-tasks"
      fetchList={async (params, signal) => {
        const page = await fetchFileTasks(params as FileTaskQuery, signal);
        setActive(page.list.some(isActive));
        return page;
      }}
      columns={columns}
      rowKey="id"
      searchFields={searchFields}
      toolbar={{
        extra: active ? <Typography.Text type="secondary">{t.refreshing}</Typography.Text> : undefined,
      }}
    />
  );
}
