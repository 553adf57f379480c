import { OPERATE_LOG_PAGES } from '@fleet/domain';
import { App, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import {
  changeUserStatus,
  fetchUsers,
  resetUserPassword,
  type SystemUser,
  type UserQuery,
} from '../../../api/system';
import {
  type DialogStatus,
  type ListColumn,
  ListPage,
  type ListPageHandle,
  OperationLogDialog,
  type SearchField,
  useRowConfirm,
} from '../../../kit';
import { dateTimeText, orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { ResetPasswordResult } from '../ResetPasswordResult';
import { UserDialog } from '../UserDialog';

const t = texts.system.users;
const common = texts.kit.common;

const searchFields: SearchField[] = [
  { name: 'keyword', label: t.keyword, placeholder: t.keywordPlaceholder, width: 200 },
  {
    name: 'status',
    label: t.status,
    type: 'select',
    width: 120,
    options: [
      { value: 1, label: t.enabled },
      { value: 0, label: t.disabled },
    ],
  },
  { name: 'teamCode', label: t.team, type: 'team', width: 200 },
];

/** 用户管理 (/permission/user): users of the merchant in the admin's team subtree. */
export default function UsersPage() {
  const { modal } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const confirm = useRowConfirm(() => list.current?.reload());
  const [dialog, setDialog] = useState<{ status: DialogStatus; user?: SystemUser } | undefined>();
  const [logOf, setLogOf] = useState<SystemUser | undefined>();
  const [reset, setReset] = useState<{ name: string; password: string } | undefined>();
  const reload = () => void list.current?.reload();

  const columns = useMemo<ListColumn<SystemUser>[]>(() => {
    const toggleStatus = (user: SystemUser) => {
      const next = user.status === 1 ? 0 : 1;
      confirm({
        content: next === 0 ? t.confirmDisable(user.nickname) : t.confirmEnable(user.nickname),
        run: () => changeUserStatus(user.id, next),
        done: t.statusChanged,
      });
    };
    const resetPassword = (user: SystemUser) => {
      modal.confirm({
        title: t.resetPassword,
        content: t.confirmReset(user.nickname),
        okText: common.ok,
        cancelText: common.cancel,
        onOk: () =>
          resetUserPassword(user.id).then(
            ({ password }) => setReset({ name: user.nickname, password }),
            () => undefined,
          ),
      });
    };
    return [
      { key: 'username', dataIndex: 'username', title: t.username, fixed: 'left' },
      { key: 'nickname', dataIndex: 'nickname', title: t.nickname },
      { key: 'phone', dataIndex: 'phone', title: t.phone, render: (phone: string) => orDash(phone) },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, render: (name: string) => orDash(name) },
      {
        key: 'roleNames',
        dataIndex: 'roleNames',
        title: t.roles,
        render: (names: string[]) =>
          names.length ? names.map((name) => <Tag key={name}>{name}</Tag>) : common.none,
      },
      {
        key: 'status',
        dataIndex: 'status',
        title: t.status,
        render: (status: number) =>
          status === 1 ? <Tag color="success">{t.enabled}</Tag> : <Tag color="default">{t.disabled}</Tag>,
      },
      { key: 'createdAt', dataIndex: 'createdAt', title: t.createdAt, render: dateTimeText },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        render: (_, user) => (
          <Space size={12}>
            <Typography.Link onClick={() => setDialog({ status: 'edit', user })}>
              {common.edit}
            </Typography.Link>
            <Typography.Link onClick={() => toggleStatus(user)}>
              {user.status === 1 ? t.disable : t.enable}
            </Typography.Link>
            <Typography.Link onClick={() => resetPassword(user)}>{t.resetPassword}</Typography.Link>
            <Typography.Link onClick={() => setLogOf(user)}>{t.log}</Typography.Link>
          </Space>
        ),
      },
    ];
  }, [modal, confirm]);

  return (
    <>
      <ListPage<SystemUser>
        ref={list}
        listKey="system/users"
        columnSettingsKey="system/users"
        fetchList={(params, signal) => fetchUsers(params as UserQuery, signal)}
        columns={columns}
        rowKey="id"
        searchFields={searchFields}
        toolbar={{ onAdd: () => setDialog({ status: 'add' }) }}
      />
      {dialog && (
        <UserDialog
          open
          status={dialog.status}
          user={dialog.user}
          onClose={() => setDialog(undefined)}
          onSaved={reload}
        />
      )}
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf?.id}
        pageEnum={OPERATE_LOG_PAGES.user}
        onClose={() => setLogOf(undefined)}
      />
      <ResetPasswordResult result={reset} onClose={() => setReset(undefined)} />
    </>
  );
}
