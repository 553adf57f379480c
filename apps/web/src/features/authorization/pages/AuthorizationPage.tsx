import { OPERATE_LOG_PAGES } from '@fleet/domain';
import { Button, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchGrants, type Grant, type GrantQuery, revokeGrant } from '../../../api/push';
import {
  type ListColumn,
  ListPage,
  type ListPageHandle,
  OperationLogDialog,
  type SearchField,
  useRowConfirm,
} from '../../../kit';
import { texts } from '../../../locales';

const t = texts.grant;
const common = texts.kit.common;
const STATE_COLORS: Record<number, string> = { 0: 'default', 1: 'success', 2: 'processing', 3: 'warning' };

const searchFields: SearchField[] = [
  { name: 'keyword', label: t.keyword, placeholder: t.keywordPlaceholder, width: 180 },
  {
    name: 'state',
    label: t.state,
    type: 'select',
    width: 120,
    options: [1, 2, 3, 0].map((value) => ({ value, label: t.states[value] ?? '-' })),
  },
];

/** 用户授权 (/permission/authorization): roles granted to users for a period. */
export default function AuthorizationPage() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const confirm = useRowConfirm(() => list.current?.reload());
  const [logOf, setLogOf] = useState<Grant | undefined>();

  const columns = useMemo<ListColumn<Grant>[]>(() => {
    const revoke = (grant: Grant) =>
      confirm({
        content: t.confirmRevoke(grant.nickname, grant.roleName),
        run: () => revokeGrant(grant.id),
        done: t.revoked,
      });
    return [
      { key: 'nickname', dataIndex: 'nickname', title: t.user, fixed: 'left' },
      { key: 'teamName', dataIndex: 'teamName', title: t.team },
      { key: 'roleName', dataIndex: 'roleName', title: t.role },
      {
        key: 'period',
        dataIndex: 'startDate',
        title: t.period,
        render: (_: string, row) => `${row.startDate} 至 ${row.endDate}`,
      },
      {
        key: 'state',
        dataIndex: 'state',
        title: t.state,
        render: (state: number, row) => <Tag color={STATE_COLORS[state]}>{row.stateName}</Tag>,
      },
      { key: 'reason', dataIndex: 'reason', title: t.reason, ellipsis: true, width: 240 },
      { key: 'creatorName', dataIndex: 'creatorName', title: t.creator },
      { key: 'createTime', dataIndex: 'createTime', title: t.createTime },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        render: (_, grant) => (
          <Space size={12}>
            {grant.state !== 0 && grant.state !== 3 && (
              <Typography.Link type="danger" onClick={() => revoke(grant)}>
                {t.revoke}
              </Typography.Link>
            )}
            <Typography.Link onClick={() => setLogOf(grant)}>{t.log}</Typography.Link>
          </Space>
        ),
      },
    ];
  }, [confirm]);

  return (
    <>
      <ListPage<Grant>
        ref={list}
        listKey="authorization/list"
        columnSettingsKey="authorization/list"
        fetchList={(params, signal) => fetchGrants(params as GrantQuery, signal)}
        columns={columns}
        rowKey="id"
        searchFields={searchFields}
        toolbar={{
          extra: (
            <Button type="primary" onClick={() => navigate('/permission/authorizationApply')}>
              {t.apply}
            </Button>
          ),
        }}
      />
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf?.id}
        pageEnum={OPERATE_LOG_PAGES.authorization}
        onClose={() => setLogOf(undefined)}
      />
    </>
  );
}
