import { useQuery } from '@tanstack/react-query';
import { Form, Input, Spin, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { addRole, editRole, fetchMenuTree, type Role } from '../../api/system';
import { type DialogStatus, FormDialog } from '../../kit';
import { texts } from '../../locales';
import { checkedLeaves, codesToSave, grantedCount, menuCheckTree } from './menuTree';

const t = texts.system.roles;

interface RoleFormValues {
  name: string;
  remark?: string;
}

export interface RoleDialogProps {
  open: boolean;
  status: DialogStatus;
  role?: Role;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增角色 / 编辑角色: name, remark and the menus the role may use (a checkbox tree). */
export function RoleDialog({ open, status, role, onClose, onSaved }: RoleDialogProps) {
  const [form] = Form.useForm<RoleFormValues>();
  const menus = useQuery({ queryKey: ['system', 'menuTree'], queryFn: fetchMenuTree, staleTime: Infinity });
  const tree = useMemo(() => menuCheckTree(menus.data ?? []), [menus.data]);
  const [picked, setPicked] = useState<{ checked: string[]; half: string[] } | undefined>();
  const checked = picked?.checked ?? checkedLeaves(tree, role?.codes ?? []);
  const initialValues = useMemo(() => ({ name: role?.name ?? '', remark: role?.remark ?? '' }), [role]);

  const submit = (values: RoleFormValues) => {
    // Until the tree is touched, the role keeps the codes it had.
    const codes = picked
      ? codesToSave(tree, picked.checked, picked.half, role?.codes)
      : [...(role?.codes ?? [])];
    const fields = { name: values.name.trim(), remark: values.remark?.trim() ?? '', codes };
    return role && status === 'edit' ? editRole({ id: role.id, ...fields }) : addRole(fields);
  };

  return (
    <FormDialog<RoleFormValues>
      open={open}
      status={status}
      form={form}
      entityName={t.entity}
      initialValues={initialValues}
      onSubmit={submit}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t.name}
        rules={[
          { required: true, whitespace: true, message: t.nameRequired },
          { max: 30, message: t.nameMax },
        ]}
      >
        <Input maxLength={30} placeholder={t.namePlaceholder} />
      </Form.Item>
      <Form.Item name="remark" label={t.remark} rules={[{ max: 200, message: t.remarkMax }]}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
      <Form.Item label={t.menus} extra={t.menusHint}>
        {menus.isLoading ? (
          <Spin size="small" description={t.menusLoading} />
        ) : (
          <div style={{ border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6, padding: 8 }}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
              {t.codeCountUnit(grantedCount(tree, checked))}
            </Typography.Text>
            <Tree
              checkable
              selectable={false}
              height={360}
              treeData={tree}
              checkedKeys={checked}
              disabled={status === 'preview'}
              onCheck={(keys, info) => {
                const list = Array.isArray(keys) ? keys : keys.checked;
                setPicked({ checked: list.map(String), half: (info.halfCheckedKeys ?? []).map(String) });
              }}
            />
          </div>
        )}
      </Form.Item>
    </FormDialog>
  );
}
