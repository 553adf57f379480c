import {
  AccountBookOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CarOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FundProjectionScreenOutlined,
  GlobalOutlined,
  HomeOutlined,
  MoneyCollectOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The icons the menu tree names (`icon` fields), imported one by one to keep the bundle small. */
const ICONS: Record<string, ReactNode> = {
  AccountBookOutlined: <AccountBookOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  CarOutlined: <CarOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  FundProjectionScreenOutlined: <FundProjectionScreenOutlined />,
  GlobalOutlined: <GlobalOutlined />,
  HomeOutlined: <HomeOutlined />,
  MoneyCollectOutlined: <MoneyCollectOutlined />,
  ScheduleOutlined: <ScheduleOutlined />,
  SettingOutlined: <SettingOutlined />,
  ShopOutlined: <ShopOutlined />,
  ThunderboltOutlined: <ThunderboltOutlined />,
  ToolOutlined: <ToolOutlined />,
};

/** The node's icon, or a neutral one for a module without its own. */
export function menuIcon(name: string | undefined, fallback = true): ReactNode {
  if (name && ICONS[name]) return ICONS[name];
  return fallback ? <AppstoreOutlined /> : undefined;
}
