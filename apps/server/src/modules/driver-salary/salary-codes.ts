import { DRIVER_RECORD } from '@fleet/domain';

/** 司机工资明细 (car070103, tc010302) and 司机工资汇总 (car070104, tc010303). */
export const SALARY_READ_CODES = ['car070103', 'car070104', 'tc010302', 'tc010303'] as const;
/** Confirming a month: the summary pages. */
export const SALARY_CONFIRM_CODES = ['car070104', 'tc010303'] as const;
/** The rules: the salary pages and the driver page (where each driver's own settings are kept). */
export const CONFIG_CODES = [...SALARY_READ_CODES, ...DRIVER_RECORD.readCodes] as const;
