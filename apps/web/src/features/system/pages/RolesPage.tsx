import { MENU_TREE, OPERATE_LOG_PAGES } from '@fleet/domain';
import { Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { deleteRole, fetchRoles, type Role, type RoleQuery } from '../../../api/system';
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
import { grantedCount, menuCheckTree } from '../menuTree';
import { RoleDialog } from '../RoleDialog';

const t = texts.system.roles;
const common = texts.kit.common;
/** The tree the role dialog ticks (the server's /system/menu/tree is the same menu data). */
const ROLE_MENU_TREE = menuCheckTree(MENU_TREE);

const searchFields: SearchField[] = [{ name: 'name', label: t.name, placeholder: t.namePlaceholder }];

/** 角色管理 (/permission/role): the merchant's roles and the menus each may use. */
export default function RolesPage() {
  const list = useRef<ListPageHandle>(null);
  const confirm = useRowConfirm(() => list.current?.reload());
  const [dialog, setDialog] = useState<{ status: DialogStatus; role?: Role } | undefined>();
  const [logOf, setLogOf] = useState<Role | undefined>();

  const columns = useMemo<ListColumn<Role>[]>(() => {
    const remove = (role: Role) => {
      confirm({
        content: t.confirmDelete(role.name),
        run: () => deleteRole(role.id),
        done: t.deleted,
        danger: true,
      });
    };
    return [
      { key: 'name', dataIndex: 'name', title: t.name },
      { key: 'remark', dataIndex: 'remark', title: t.remark, render: (remark: string) => orDash(remark) },
      { key: 'userCount', dataIndex: 'userCount', title: t.userCount },
      {
        key: 'codes',
        dataIndex: 'codes',
        title: t.codeCount,
        render: (codes: string[]) => t.codeCountUnit(grantedCount(ROLE_MENU_TREE, codes)),
      },
      { key: 'createdAt', dataIndex: 'createdAt', title: t.createdAt, render: dateTimeText },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        render: (_, role) => (
          <Space size={12}>
            {role.editable ? (
              <>
                <Typography.Link onClick={() => setDialog({ status: 'edit', role })}>
                  {common.edit}
                </Typography.Link>
                <Typography.Link type="danger" onClick={() => remove(role)}>
                  {common.delete}
                </Typography.Link>
              </>
            ) : (
              <Typography.Link title={t.notEditable} onClick={() => setDialog({ status: 'preview', role })}>
                {t.view}
              </Typography.Link>
            )}
            <Typography.Link onClick={() => setLogOf(role)}>{t.log}</Typography.Link>
          </Space>
        ),
      },
    ];
  }, [confirm]);

  return (
    <>
      <ListPage<Role>
        ref={list}
        listKey="system/roles"
        fetchList={(params, signal) => fetchRoles(params as RoleQuery, signal)}
        columns={columns}
        rowKey="id"
        searchFields={searchFields}
        toolbar={{ onAdd: () => setDialog({ status: 'add' }) }}
      />
      {dialog && (
        <RoleDialog
          open
          status={dialog.status}
          role={dialog.role}
          onClose={() => setDialog(undefined)}
          onSaved={() => void list.current?.reload()}
        />
      )}
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf?.id}
        pageEnum={OPERATE_LOG_PAGES.role}
        onClose={() => setLogOf(undefined)}
      />
    </>
  );
}
