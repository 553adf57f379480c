import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { sha256Hex } from '../../api/crypto';
import { addUser, editUser, fetchAllRoles, type SystemUser } from '../../api/system';
import { type DialogStatus, FormDialog, TeamTreeSelect } from '../../kit';
import { texts } from '../../locales';
import { checkRule } from './formRules';
import {
  confirmError,
  emailError,
  passwordError,
  phoneError,
  type UserFormValues,
  userFields,
  usernameError,
} from './userForm';

const t = texts.system.users;

export interface UserDialogProps {
  open: boolean;
  status: DialogStatus;
  /** The user being edited or viewed. */
  user?: SystemUser;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增用户 / 编辑用户: account, initial password (typed twice, sent as SHA-256), profile, team, roles. */
export function UserDialog({ open, status, user, onClose, onSaved }: UserDialogProps) {
  const [form] = Form.useForm<UserFormValues>();
  const roles = useQuery({ queryKey: ['system', 'allRoles'], queryFn: fetchAllRoles, enabled: open });
  const adding = status === 'add';
  const initialValues = useMemo<Partial<UserFormValues>>(
    () =>
      user
        ? {
            username: user.username,
            nickname: user.nickname,
            phone: user.phone,
            email: user.email,
            teamCode: user.teamCode,
            roleIds: user.roleIds,
            isManager: user.isManager,
          }
        : { isManager: false, roleIds: [] },
    [user],
  );

  const submit = async (values: UserFormValues) => {
    if (adding) {
      return addUser({
        username: values.username.trim(),
        password: await sha256Hex(values.password ?? ''),
        ...userFields(values),
      });
    }
    return editUser({ id: user?.id ?? 0, ...userFields(values) });
  };

  return (
    <FormDialog<UserFormValues>
      open={open}
      status={status}
      form={form}
      entityName={t.entity}
      initialValues={initialValues}
      onSubmit={submit}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="username" label={t.username} required rules={[checkRule(usernameError)]}>
        <Input maxLength={30} disabled={!adding} autoComplete="off" />
      </Form.Item>
      {adding && (
        <>
          <Form.Item name="password" label={t.password} required rules={[checkRule(passwordError)]}>
            <Input.Password maxLength={20} placeholder={t.passwordPlaceholder} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t.confirmPassword}
            required
            dependencies={['password']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) => {
                  const error = confirmError(getFieldValue('password') as string | undefined, value);
                  return error ? Promise.reject(new Error(error)) : Promise.resolve();
                },
              }),
            ]}
          >
            <Input.Password maxLength={20} placeholder={t.confirmPlaceholder} autoComplete="new-password" />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="nickname"
        label={t.nickname}
        rules={[
          { required: true, whitespace: true, message: t.nicknameRequired },
          { max: 30, message: t.nicknameMax },
        ]}
      >
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="phone" label={t.phone} rules={[checkRule(phoneError)]}>
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="email" label={t.email} rules={[checkRule(emailError)]}>
        <Input maxLength={254} />
      </Form.Item>
      <Form.Item name="teamCode" label={t.team} rules={[{ required: true, message: t.teamRequired }]}>
        <TeamTreeSelect />
      </Form.Item>
      <Form.Item
        name="roleIds"
        label={t.roles}
        rules={[{ required: true, type: 'array', min: 1, message: t.rolesRequired }]}
      >
        <Select
          mode="multiple"
          placeholder={t.rolesPlaceholder}
          loading={roles.isLoading}
          options={(roles.data?.list ?? []).map((role) => ({
            value: role.id,
            label: role.grantable ? role.name : t.roleNotGrantable(role.name),
            disabled: !role.grantable,
          }))}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent={texts.kit.common.noData}
        />
      </Form.Item>
      <Form.Item name="isManager" label={t.manager} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
