import { OPERATE_LOG_PAGES } from '@fleet/domain';
import { Button, Descriptions, Modal, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { deletePush, fetchPushes, type Push, type PushQuery } from '../../../api/push';
import {
  type ListColumn,
  ListPage,
  type ListPageHandle,
  OperationLogDialog,
  type SearchField,
  useRowConfirm,
} from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';

const t = texts.push;
const common = texts.kit.common;

const searchFields: SearchField[] = [
  { name: 'title', label: t.title, width: 180 },
  {
    name: 'type',
    label: t.type,
    type: 'select',
    width: 140,
    options: [
      { value: 1, label: t.card },
      { value: 2, label: t.screen },
    ],
  },
  { name: 'time', label: t.createTime, type: 'dateRange', rangeKeys: ['startTime', 'endTime'] },
];

/** 推送管理 (/permission/pushManage): pushes to the teams of one's subtree; card and screen. */
export default function PushManagePage() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const confirm = useRowConfirm(() => list.current?.reload());
  const [detail, setDetail] = useState<Push | undefined>();
  const [logOf, setLogOf] = useState<Push | undefined>();

  const columns = useMemo<ListColumn<Push>[]>(() => {
    const remove = (push: Push) =>
      confirm({ content: t.confirmDelete(push.title), run: () => deletePush(push.id), done: t.deleted });
    return [
      { key: 'title', dataIndex: 'title', title: t.title, fixed: 'left' },
      {
        key: 'type',
        dataIndex: 'typeName',
        title: t.type,
        render: (name: string, row) => <Tag color={row.type === 1 ? 'blue' : 'purple'}>{name}</Tag>,
      },
      { key: 'content', dataIndex: 'content', title: t.content, ellipsis: true, width: 320 },
      { key: 'teamName', dataIndex: 'teamName', title: t.team },
      { key: 'signature', dataIndex: 'signature', title: t.signature, render: (v: string) => orDash(v) },
      { key: 'creatorName', dataIndex: 'creatorName', title: t.creator },
      { key: 'createTime', dataIndex: 'createTime', title: t.createTime },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        render: (_, push) => (
          <Space size={12}>
            <Typography.Link onClick={() => setDetail(push)}>{t.detail}</Typography.Link>
            <Typography.Link type="danger" onClick={() => remove(push)}>
              {t.delete}
            </Typography.Link>
            <Typography.Link onClick={() => setLogOf(push)}>{t.log}</Typography.Link>
          </Space>
        ),
      },
    ];
  }, [confirm]);

  return (
    <>
      <ListPage<Push>
        ref={list}
        listKey="push/list"
        columnSettingsKey="push/list"
        fetchList={(params, signal) => fetchPushes(params as PushQuery, signal)}
        columns={columns}
        rowKey="id"
        searchFields={searchFields}
        toolbar={{
          extra: (
            <Space>
              <Button type="primary" onClick={() => navigate('/permission/pushManage/pushCard')}>
                {t.card}
              </Button>
              <Button onClick={() => navigate('/permission/pushManage/pushScreen')}>{t.screen}</Button>
            </Space>
          ),
        }}
      />
      <Modal
        open={detail !== undefined}
        title={detail?.title}
        footer={null}
        width={600}
        onCancel={() => setDetail(undefined)}
      >
        {detail && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t.type}>{detail.typeName}</Descriptions.Item>
            <Descriptions.Item label={t.team}>{detail.teamName}</Descriptions.Item>
            <Descriptions.Item label={t.content}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {detail.content}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t.signature}>{orDash(detail.signature)}</Descriptions.Item>
            <Descriptions.Item label={t.creator}>{detail.creatorName}</Descriptions.Item>
            <Descriptions.Item label={t.createTime}>{detail.createTime}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf?.id}
        pageEnum={OPERATE_LOG_PAGES.push}
        onClose={() => setLogOf(undefined)}
      />
    </>
  );
}
