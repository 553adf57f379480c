import { OPERATE_LOG_PAGES } from '@fleet/domain';
import { Alert, App, Form, Input, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import {
  addInvite,
  fetchInvites,
  type RegisterInvite,
  setInviteEnabled,
} from '../../../api/driver-registrations';
import {
  FormDialog,
  type ListColumn,
  ListPage,
  type ListPageHandle,
  OperationLogDialog,
  TeamTreeSelect,
} from '../../../kit';
import { copyText } from '../../../kit/copyText';
import { orDash } from '../../../kit/format';
import { maxRule } from '../../../kit/formRules';
import { texts } from '../../../locales';
import { useShell } from '../../../shell/ShellContext';

const t = texts.driverRegister;
const common = texts.kit.common;

/** The address a driver opens (this site's origin and the page path). */
const linkOf = (invite: RegisterInvite) => `${window.location.origin}${invite.path}`;

/** 司机自助注册 (/information/driver-register): registration links, one for each team drivers join. */
export default function DriverRegisterPage() {
  const { modal, message } = App.useApp();
  const { user } = useShell();
  const list = useRef<ListPageHandle>(null);
  const [adding, setAdding] = useState(false);
  const [logOf, setLogOf] = useState<RegisterInvite | undefined>();
  const [form] = Form.useForm<{ teamCode: string; remark?: string }>();

  const columns = useMemo<ListColumn<RegisterInvite>[]>(() => {
    const toggle = (invite: RegisterInvite) => {
      const next = invite.enabled === 1 ? 0 : 1;
      const run = () =>
        setInviteEnabled(invite.id, next).then(
          () => {
            void message.success(t.statusChanged);
            void list.current?.reload();
          },
          () => undefined,
        );
      if (next === 1) return void run();
      modal.confirm({
        title: texts.kit.request.confirmTitle,
        content: t.confirmDisable,
        okText: common.ok,
        cancelText: common.cancel,
        onOk: run,
      });
    };
    const copy = async (invite: RegisterInvite) => {
      if (await copyText(linkOf(invite))) void message.success(t.copied);
      else void message.error(t.copyFailed);
    };
    return [
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 160 },
      {
        key: 'link',
        title: t.link,
        render: (_, invite) => (
          <Space size={8}>
            <Typography.Text code data-testid="invite-link">
              {linkOf(invite)}
            </Typography.Text>
            <Typography.Link onClick={() => void copy(invite)}>{t.copy}</Typography.Link>
            <Typography.Link href={invite.path} target="_blank" rel="noopener">
              {t.open}
            </Typography.Link>
          </Space>
        ),
      },
      { key: 'remark', dataIndex: 'remark', title: t.remark, render: (v: string) => orDash(v) },
      {
        key: 'enabled',
        dataIndex: 'enabled',
        title: t.status,
        width: 80,
        render: (v: number) => (v === 1 ? <Tag color="success">{t.enabled}</Tag> : <Tag>{t.disabled}</Tag>),
      },
      {
        key: 'counts',
        title: t.counts,
        width: 230,
        render: (_, i) => t.countText(i.pendingCount, i.approvedCount, i.rejectedCount),
      },
      { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        width: 140,
        render: (_, invite) => (
          <Space size={12}>
            <Typography.Link onClick={() => toggle(invite)}>
              {invite.enabled === 1 ? t.disable : t.enable}
            </Typography.Link>
            <Typography.Link onClick={() => setLogOf(invite)}>{t.log}</Typography.Link>
          </Space>
        ),
      },
    ];
  }, [modal, message]);

  return (
    <>
      <Alert type="info" showIcon title={t.intro} style={{ marginBottom: 12 }} />
      <ListPage<RegisterInvite>
        ref={list}
        listKey="driver-register-invites"
        fetchList={(params, signal) => fetchInvites(params as { pageNum: number; pageSize: number }, signal)}
        columns={columns}
        rowKey="id"
        searchFields={[{ name: 'teamCode', label: t.team, type: 'team', width: 200 }]}
        toolbar={{ onAdd: () => setAdding(true), addText: t.addLink }}
      />
      {adding && (
        <FormDialog<{ teamCode: string; remark?: string }>
          open
          status="add"
          form={form}
          title={t.addTitle}
          width={520}
          initialValues={{ teamCode: user.team.teamCode }}
          onSubmit={addInvite}
          onSaved={() => void list.current?.reload()}
          onClose={() => setAdding(false)}
        >
          <Form.Item name="teamCode" label={t.team} rules={[{ required: true, message: t.teamRequired }]}>
            <TeamTreeSelect />
          </Form.Item>
          <Form.Item name="remark" label={t.remark} rules={[maxRule(100)]}>
            <Input maxLength={100} />
          </Form.Item>
        </FormDialog>
      )}
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf ? `invite-${logOf.id}` : undefined}
        pageEnum={OPERATE_LOG_PAGES.driverRegistration}
        onClose={() => setLogOf(undefined)}
      />
    </>
  );
}
