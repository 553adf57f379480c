import { ALARM_TYPES, alarmJump } from '@fleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tag, Typography } from 'antd';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  type AlarmMessage,
  fetchAlarmTypeCounts,
  fetchMessages,
  type MessageQuery,
  readMessages,
} from '../../../api/alarm-reminder';
import { type ListColumn, ListPage, type ListPageHandle, type SearchField } from '../../../kit';
import { texts } from '../../../locales';
import { useShell } from '../../../shell/ShellContext';
import styles from '../alarmReminder.module.css';
import {
  alarmDurationText,
  alarmTimeText,
  alarmTypeText,
  driverShown,
  locationText,
  speedText,
} from '../feed';
import { messageQueryOf } from '../links';
import { useAlarmStore } from '../store';
import { refreshCounts } from '../useAlarmChannel';
import { useAlarmJump } from '../useAlarmPopups';

const t = texts.alarmReminder.messages;
const feedTexts = texts.alarmReminder.feed;
const common = texts.kit.common;
const TYPES_KEY = ['alarm-reminder', 'types'];

/** 报警详情 (/alarm/message/index): the user's alarm messages, read one by one or all at once. */
export default function AlarmMessagePage() {
  const [params] = useSearchParams();
  const search = params.toString();
  const initialQuery = useMemo(() => messageQueryOf(new URLSearchParams(search)), [search]);
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const list = useRef<ListPageHandle>(null);
  const { user } = useShell();
  const jump = useAlarmJump();
  const types = useQuery({ queryKey: TYPES_KEY, queryFn: fetchAlarmTypeCounts });

  const typeOptions = useMemo(() => {
    const counted = new Map((types.data ?? []).map((type) => [type.code, type]));
    return ALARM_TYPES.map((type) => {
      const count = counted.get(type.code)?.count ?? 0;
      return { value: type.code, label: count > 0 ? `${type.name}（${count}）` : type.name };
    });
  }, [types.data]);

  const searchFields = useMemo<SearchField[]>(
    () => [
      {
        name: 'messageStatus',
        label: t.status,
        type: 'select',
        width: 110,
        options: [
          { value: 0, label: t.unread },
          { value: 1, label: t.read },
        ],
      },
      { name: 'alarmCode', label: t.type, type: 'select', width: 200, options: typeOptions },
      { name: 'carNo', label: t.carNo, placeholder: t.carNoPlaceholder, width: 160 },
      { name: 'time', label: t.time, type: 'dateRange', rangeKeys: ['startTime', 'endTime'] },
    ],
    [typeOptions],
  );

  /** After a read: the counts fall at once (then follow the server), the list and types reload. */
  const afterRead = useCallback(
    async (codes: readonly number[] | 'all') => {
      if (codes === 'all') useAlarmStore.getState().readAll();
      else useAlarmStore.getState().readCodes(codes);
      void message.success(t.marked);
      await Promise.all([
        list.current?.reload(),
        client.invalidateQueries({ queryKey: TYPES_KEY }),
        refreshCounts(),
      ]);
    },
    [message, client],
  );

  const columns = useMemo<ListColumn<AlarmMessage>[]>(() => {
    const readOne = (row: AlarmMessage) =>
      readMessages({ ids: [row.id] }).then(
        () => afterRead([row.alarmCode]),
        () => undefined,
      );
    return [
      {
        key: 'readStatus',
        dataIndex: 'readStatus',
        title: t.status,
        fixed: 'left',
        render: (status: number) =>
          status === 1 ? <Tag>{t.read}</Tag> : <Tag color="error">{t.unread}</Tag>,
      },
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo },
      { key: 'type', title: t.type, render: (_, row) => alarmTypeText(row) },
      {
        key: 'driver',
        title: t.driver,
        render: (_, row) => {
          const driver = driverShown(row.driverName, feedTexts.unknownDriver);
          return driver.unknown ? <span className={styles.unknownDriver}>{driver.text}</span> : driver.text;
        },
      },
      { key: 'speed', title: t.speed, render: (_, row) => speedText(row.speed) },
      { key: 'time', title: t.time, render: (_, row) => alarmTimeText(row) },
      { key: 'duration', title: t.duration, render: (_, row) => alarmDurationText(row.duration) },
      {
        key: 'location',
        title: t.location,
        render: (_, row) => <span className={styles.cellText}>{locationText(row)}</span>,
      },
      {
        key: 'content',
        title: t.content,
        render: (_, row) => (
          <span className={styles.cellText}>{row.messageContent || row.content || '-'}</span>
        ),
      },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        render: (_, row) => (
          <Space size={12}>
            {row.readStatus !== 1 && (
              <Typography.Link onClick={() => void readOne(row)}>{t.markRead}</Typography.Link>
            )}
            {alarmJump({ ...row, type: row.type ?? 1 }, user.elemCodes) && (
              <Typography.Link onClick={() => jump({ ...row, type: row.type ?? 1 })}>
                {t.handle}
              </Typography.Link>
            )}
          </Space>
        ),
      },
    ];
  }, [afterRead, jump, user.elemCodes]);

  const readSelected = (rows: AlarmMessage[]) => {
    const unread = rows.filter((row) => row.readStatus !== 1);
    if (unread.length === 0) return;
    void readMessages({ ids: unread.map((row) => row.id) }).then(
      () => afterRead(unread.map((row) => row.alarmCode)),
      () => undefined,
    );
  };

  const readAll = () =>
    modal.confirm({
      title: texts.kit.request.confirmTitle,
      content: t.confirmAll,
      okText: common.ok,
      cancelText: common.cancel,
      onOk: () =>
        readMessages({ all: true }).then(
          () => afterRead('all'),
          () => undefined,
        ),
    });

  return (
    <ListPage<AlarmMessage>
      key={search}
      ref={list}
      listKey="alarm-reminder/messages"
      fetchList={(query, signal) => fetchMessages(query as unknown as MessageQuery, signal)}
      columns={columns}
      rowKey="id"
      searchFields={searchFields}
      initialQuery={initialQuery}
      toolbar={{
        batchActions: [{ key: 'read', label: t.markSelected, onClick: readSelected }],
        extra: <Button onClick={readAll}>{t.markAll}</Button>,
      }}
    />
  );
}
