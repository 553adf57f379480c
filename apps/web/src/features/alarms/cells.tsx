import { Tag } from 'antd';
import { texts } from '../../locales';
import styles from './alarms.module.css';

const t = texts.alarms;

/** Whether a driver name stands for no known driver (spec core section 3: '', '未知', '未知司机'). */
export function isUnknownDriver(name: string | null | undefined): boolean {
  const text = (name ?? '').trim();
  return text === '' || text === '未知' || text === t.unknownDriver;
}

/** The driver, or 未知司机 in red. */
export function DriverName({ name }: { name: string | null | undefined }) {
  if (isUnknownDriver(name)) return <span className={styles.unknownDriver}>{t.unknownDriver}</span>;
  return <span>{name}</span>;
}

const STATUS_COLORS: Record<number, string> = { 0: 'error', 1: 'success', 2: 'default' };

/** 未处理 (red), 已处理 (green), 已忽略 (grey). */
export function HandleStatusTag({ status, name }: { status: number; name: string }) {
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{name}</Tag>;
}

/** 一级报警 in red, 二级报警 in orange, '-' when the source gives no level. */
export function LevelTag({ level, name }: { level: number | null; name: string }) {
  if (level === null) return <span>-</span>;
  return <Tag color={level === 1 ? 'red' : 'orange'}>{name}</Tag>;
}
