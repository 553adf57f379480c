import { APPROVE_NODE_NAME_RULE, OPERATE_LOG_PAGES } from '@fleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { FormDialog, OperationLogDialog, WithQueryClient } from '../../../kit';
import { texts } from '../../../locales';
import {
  type ApproverUser,
  addNode,
  addNodeUsers,
  type ChainNode,
  deleteNode,
  editNode,
  fetchChain,
  fetchChoosable,
  moveNode,
  removeNodeUser,
} from '../api';

const t = texts.approvals.setting;
const CHAIN_KEY = ['approvals', 'chain'];

/** 新增节点 / 重命名: one name, checked as the server checks it. */
function NodeNameDialog({
  node,
  onClose,
  onSaved,
}: {
  node: ChainNode | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<{ nodeName: string }>();
  return (
    <FormDialog<{ nodeName: string }>
      open
      status={node ? 'edit' : 'add'}
      form={form}
      title={node ? t.renameTitle : t.addNode}
      name="approve-node"
      layout="vertical"
      width={440}
      initialValues={{ nodeName: node?.nodeName ?? '' }}
      successMessage={t.saved}
      onSubmit={({ nodeName }) => (node ? editNode(node.id, nodeName.trim()) : addNode(nodeName.trim()))}
      onSaved={() => onSaved()}
      onClose={onClose}
    >
      <Form.Item
        name="nodeName"
        label={t.nodeName}
        rules={[
          { required: true, whitespace: true, message: t.nodeNameRequired },
          { pattern: APPROVE_NODE_NAME_RULE, message: t.nodeNameRule },
        ]}
      >
        <Input placeholder={t.nodeNamePlaceholder} maxLength={30} autoFocus />
      </Form.Item>
    </FormDialog>
  );
}

/** 添加审批人: the merchant's users who may approve, those already on the node greyed out. */
function ApproverPicker({
  node,
  onClose,
  onSaved,
}: {
  node: ChainNode;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const users = useQuery({
    queryKey: ['approvals', 'choosable', node.id, keyword],
    queryFn: () => fetchChoosable(node.id, keyword || undefined),
  });
  const submit = async () => {
    if (picked.length === 0) {
      void message.warning(t.pickRequired);
      return;
    }
    setSaving(true);
    try {
      await addNodeUsers(node.id, picked);
      void message.success(t.saved);
      onSaved();
      onClose();
    } catch {
      // shown by the request client
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t.pickTitle(node.nodeName)}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      width={640}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t.pickHint}</Typography.Text>
        <Input.Search
          placeholder={t.keyword}
          allowClear
          onSearch={(v) => setKeyword(v.trim())}
          style={{ width: 260 }}
        />
        <Table<ApproverUser>
          rowKey="userId"
          size="small"
          loading={users.isFetching}
          dataSource={users.data ?? []}
          pagination={false}
          scroll={{ y: 360 }}
          rowSelection={{
            selectedRowKeys: picked,
            onChange: (keys) => setPicked(keys as number[]),
            getCheckboxProps: (u) => ({ disabled: u.chosen === true }),
          }}
          columns={[
            {
              key: 'name',
              title: t.name,
              render: (_, u) => (
                <Space>
                  {u.name}
                  {u.chosen && <Tag>{t.chosen}</Tag>}
                </Space>
              ),
            },
            { key: 'username', dataIndex: 'username', title: t.account },
            { key: 'phone', dataIndex: 'phone', title: t.phone },
          ]}
        />
      </Space>
    </Modal>
  );
}

function ChainEditor() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const chain = useQuery({ queryKey: CHAIN_KEY, queryFn: fetchChain });
  const [naming, setNaming] = useState<{ node: ChainNode | null }>();
  const [picking, setPicking] = useState<ChainNode>();
  const [log, setLog] = useState<ChainNode>();
  const reload = () => void client.invalidateQueries({ queryKey: CHAIN_KEY });
  const run = async (work: () => Promise<unknown>, done = t.saved) => {
    try {
      await work();
      void message.success(done);
    } catch {
      // shown by the request client
    }
    reload();
  };
  const nodes = chain.data ?? [];
  return (
    <Card
      title={t.title}
      loading={chain.isLoading}
      extra={
        <Button type="primary" onClick={() => setNaming({ node: null })}>
          {t.addNode}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
      {nodes.length === 0 ? (
        <Empty description={t.empty} />
      ) : (
        <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="approve-chain">
          {nodes.map((node, i) => (
            <Card
              key={node.id}
              size="small"
              data-testid={`approve-node-${node.seq}`}
              title={
                <Space>
                  <Tag color="blue">{t.node(node.seq)}</Tag>
                  <span>{node.nodeName}</span>
                </Space>
              }
              extra={
                <Space size={12}>
                  <Typography.Link disabled={i === 0} onClick={() => run(() => moveNode(node.id, 'up'))}>
                    {t.moveUp}
                  </Typography.Link>
                  <Typography.Link
                    disabled={i === nodes.length - 1}
                    onClick={() => run(() => moveNode(node.id, 'down'))}
                  >
                    {t.moveDown}
                  </Typography.Link>
                  <Typography.Link onClick={() => setNaming({ node })}>{t.rename}</Typography.Link>
                  <Typography.Link onClick={() => setPicking(node)}>{t.addUser}</Typography.Link>
                  <Typography.Link onClick={() => setLog(node)}>{t.log}</Typography.Link>
                  <Popconfirm
                    title={t.deleteNode}
                    description={t.deleteConfirm(node.nodeName)}
                    onConfirm={() => run(() => deleteNode(node.id), t.deleted)}
                  >
                    <Typography.Link type="danger">{t.deleteNode}</Typography.Link>
                  </Popconfirm>
                </Space>
              }
            >
              {node.users.length === 0 ? (
                <Typography.Text type="secondary">{t.noUsers}</Typography.Text>
              ) : (
                <Space wrap>
                  {node.users.map((u) => (
                    <Popconfirm
                      key={u.userId}
                      title={t.removeUserConfirm(u.name)}
                      onConfirm={() => run(() => removeNodeUser(node.id, u.userId), t.deleted)}
                    >
                      <Tag
                        closable
                        color={u.enabled === false ? 'default' : 'geekblue'}
                        onClose={(e) => e.preventDefault()}
                      >
                        {u.name}
                        {u.enabled === false ? `（${t.disabledUser}）` : ''}
                      </Tag>
                    </Popconfirm>
                  ))}
                </Space>
              )}
            </Card>
          ))}
        </Space>
      )}
      {naming && <NodeNameDialog node={naming.node} onClose={() => setNaming(undefined)} onSaved={reload} />}
      {picking && <ApproverPicker node={picking} onClose={() => setPicking(undefined)} onSaved={reload} />}
      {log && (
        <OperationLogDialog
          open
          dataId={log.id}
          pageEnum={OPERATE_LOG_PAGES.approveSetting}
          onClose={() => setLog(undefined)}
        />
      )}
    </Card>
  );
}

/**
 * 审批设置 (/information/approve-setting car0902, /tc/approve-setting tc010505): the merchant's fee
 * approval chain as ordered cards: add, rename, move and delete nodes, add and remove approvers.
 */
export default function ApproveSettingPage() {
  return (
    <WithQueryClient>
      <ChainEditor />
    </WithQueryClient>
  );
}
