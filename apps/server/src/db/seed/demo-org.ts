import type { RolePreset } from '@fleet/domain';

interface DemoTeam {
  code: string;
  name: string;
  parent: string | null;
}

interface DemoMerchant {
  key: string;
  name: string;
  teams: DemoTeam[];
  roles: RolePreset[];
}

/** The demo organisation: two merchants; the first has headquarters, two fleets and sub-fleets. */
export const DEMO_MERCHANTS: DemoMerchant[] = [
  {
    key: 'logistics',
    name: '示例物流有限公司',
    teams: [
      { code: '1000001', name: '示例物流有限公司', parent: null },
      { code: '1000001001', name: '干线运输车队', parent: '1000001' },
      { code: '10000010010001', name: '干线一分队', parent: '1000001001' },
      { code: '10000010010002', name: '干线二分队', parent: '1000001001' },
      { code: '1000001002', name: '城配车队', parent: '1000001' },
      { code: '10000010020001', name: '城配一分队', parent: '1000001002' },
    ],
    roles: ['admin', 'dispatch', 'finance', 'safety'],
  },
  {
    key: 'coal',
    name: '示例煤炭运输有限公司',
    teams: [
      { code: '2000001', name: '示例煤炭运输有限公司', parent: null },
      { code: '2000001001', name: '鄂尔多斯煤运车队', parent: '2000001' },
      { code: '20000010010001', name: '鄂尔多斯一分队', parent: '2000001001' },
    ],
    roles: ['admin'],
  },
];

interface DemoAccount {
  username: string;
  password: string;
  nickname: string;
  phone: string;
  memberships: { merchant: string; teamCode: string; role: RolePreset; manager: boolean }[];
}

/** Demo accounts (the README lists them). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'admin',
    password: 'Admin@123',
    nickname: '系统管理员',
    phone: '13800138000',
    memberships: [
      { merchant: 'logistics', teamCode: '1000001', role: 'admin', manager: true },
      { merchant: 'coal', teamCode: '2000001', role: 'admin', manager: true },
    ],
  },
  {
    username: 'dispatch',
    password: 'Dispatch@123',
    nickname: '张调度',
    phone: '13800138001',
    memberships: [{ merchant: 'logistics', teamCode: '10000010010001', role: 'dispatch', manager: false }],
  },
  {
    username: 'finance',
    password: 'Finance@123',
    nickname: '李财务',
    phone: '13800138002',
    memberships: [{ merchant: 'logistics', teamCode: '10000010010002', role: 'finance', manager: false }],
  },
  {
    username: 'safety',
    password: 'Safety@123',
    nickname: '王安全',
    phone: '13800138003',
    memberships: [{ merchant: 'logistics', teamCode: '10000010020001', role: 'safety', manager: false }],
  },
];
