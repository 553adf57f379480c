import { MENU_TREE, type MenuNode, ROLE_PRESETS } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import { checkedLeaves, codesToSave, grantedCount, menuCheckTree, treeCodes } from './menuTree';
import { confirmError, emailError, passwordError, phoneError, userFields, usernameError } from './userForm';

const tree: MenuNode[] = [
  {
    path: '/information',
    title: '信息管理',
    code: 'car09',
    children: [
      {
        path: '/information/system',
        title: '系统管理',
        code: 'car0904',
        children: [
          { path: '/permission/user', title: '用户管理', code: 'car090401' },
          { path: '/permission/role', title: '角色管理', code: 'car090402' },
          { path: '/permission/user/x', title: '隐藏页', code: 'car090401', hidden: true },
        ],
      },
    ],
  },
  { path: '/screen', title: '可视化大屏', code: 'car03', hidden: true, link: 'screen' },
  { path: '/permission/set', title: '个人中心', public: true, hidden: true },
];

describe('role menu tree', () => {
  const checkTree = menuCheckTree(tree);

  it('shows only visible coded menus, each code once', () => {
    expect(checkTree).toEqual([
      {
        key: 'car09',
        title: '信息管理',
        children: [
          {
            key: 'car0904',
            title: '系统管理',
            children: [
              { key: 'car090401', title: '用户管理' },
              { key: 'car090402', title: '角色管理' },
            ],
          },
        ],
      },
    ]);
  });

  it('has unique keys over the whole product menu', () => {
    const full = menuCheckTree(MENU_TREE);
    let count = 0;
    const walk = (nodes: typeof full) => {
      for (const node of nodes) {
        count += 1;
        walk(node.children ?? []);
      }
    };
    walk(full);
    expect(treeCodes(full).size).toBe(count);
    expect(treeCodes(full).has('car090401')).toBe(true);
    expect(treeCodes(full).has('car13')).toBe(false);
  });

  it('ticks only the leaves of a role', () => {
    expect(checkedLeaves(checkTree, ['car09', 'car0904', 'car090401', 'car03'])).toEqual(['car090401']);
  });

  it('counts a role as the list and the dialog show it: the granted leaves, whatever else is ticked', () => {
    const full = menuCheckTree(MENU_TREE);
    for (const preset of ['admin', 'dispatch', 'finance', 'safety'] as const) {
      const saved = [...ROLE_PRESETS[preset]];
      const leaves = checkedLeaves(full, saved);
      // the list counts the saved codes; the dialog counts its ticked keys, groups included
      expect(grantedCount(full, saved), preset).toBe(leaves.length);
      expect(grantedCount(full, [...leaves, ...saved.filter((c) => !leaves.includes(c))]), preset).toBe(
        leaves.length,
      );
    }
    expect(grantedCount(checkTree, ['car09', 'car0904', 'car090401', 'car03'])).toBe(1);
  });

  it('saves ticked and half-ticked codes and keeps codes the tree does not show', () => {
    expect(codesToSave(checkTree, ['car090401'], ['car0904', 'car09'], ['car03', 'car090402'])).toEqual([
      'car090401',
      'car0904',
      'car09',
      'car03',
    ]);
  });
});

describe('user form rules', () => {
  it('checks the username like the server', () => {
    expect(usernameError('')).toBe('请输入用户名');
    expect(usernameError('ab')).toBe('用户名为3-30位英文、数字或下划线');
    expect(usernameError('张三')).toBe('用户名为3-30位英文、数字或下划线');
    expect(usernameError('zhang_san01')).toBeNull();
  });

  it('uses the domain messages for phone and email, both optional', () => {
    expect(phoneError('')).toBeNull();
    expect(phoneError('13912345678')).toBeNull();
    expect(phoneError('19912345678')).toBeNull();
    expect(phoneError('1391234567')).toBe('手机号码不符合规范');
    expect(emailError('')).toBeNull();
    expect(emailError('ops@example.cn')).toBeNull();
    expect(emailError('ops@')).toBe('邮箱格式不符合规范');
  });

  it('checks the password policy and the repeated entry', () => {
    expect(passwordError('')).toBe('请输入初始密码');
    expect(passwordError('abc123')).toBe('密码6-20位,且包含大小写、数字和特殊字符');
    expect(passwordError('Fleet@2025')).toBeNull();
    expect(confirmError('Fleet@2025', '')).toBe('请再次输入初始密码');
    expect(confirmError('Fleet@2025', 'Fleet@2026')).toBe('两次输入的密码不一致');
    expect(confirmError('Fleet@2025', 'Fleet@2025')).toBeNull();
  });

  it('trims the fields it sends', () => {
    expect(
      userFields({ username: 'u', nickname: ' 赵六 ', phone: ' ', teamCode: '1000001', roleIds: [2] }),
    ).toEqual({
      nickname: '赵六',
      phone: '',
      email: '',
      teamCode: '1000001',
      roleIds: [2],
      isManager: false,
    });
  });
});
