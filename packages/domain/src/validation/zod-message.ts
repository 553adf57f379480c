import type { z } from 'zod';
import { EMAIL_MESSAGE } from './messages';

type Issue = z.core.$ZodIssue;

const CJK = /[\u3400-\u9fff\uff00-\uffef]/;

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  boolean: '布尔值',
  array: '列表',
  object: '对象',
  date: '日期',
  bigint: '整数',
};

function sizeUnit(origin: string | undefined): string {
  if (origin === 'string') return '个字符';
  if (origin === 'array' || origin === 'set') return '项';
  return '';
}

/** Chinese text for zod's own (English) messages; messages already in Chinese are kept. */
export function issueText(issue: Issue): string {
  if (CJK.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type': {
      if (/received (undefined|null)$/.test(issue.message)) return '不能为空';
      const name = TYPE_NAMES[issue.expected];
      return name ? `应为${name}` : '类型不正确';
    }
    case 'too_small': {
      const unit = sizeUnit(issue.origin);
      const min = Number(issue.minimum);
      if (unit === '个字符' && min === 1) return '不能为空';
      if (unit) return `至少${min}${unit}`;
      return issue.inclusive === false ? `必须大于${min}` : `不能小于${min}`;
    }
    case 'too_big': {
      const unit = sizeUnit(issue.origin);
      const max = Number(issue.maximum);
      if (unit) return `最多${max}${unit}`;
      return issue.inclusive === false ? `必须小于${max}` : `不能大于${max}`;
    }
    case 'invalid_format':
      return issue.format === 'email' ? EMAIL_MESSAGE : '格式不正确';
    case 'not_multiple_of':
      return `必须是${Number(issue.divisor)}的倍数`;
    case 'unrecognized_keys':
      return `不支持的字段: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return `取值必须是 ${issue.values.map((v) => String(v)).join('、')} 之一`;
    default:
      return '格式不正确';
  }
}

/**
 * The field name of an issue: its label when one is given for the full path or the last key; ''
 * without one, so a message never names a field by its English key.
 */
export function issueField(
  issue: Pick<Issue, 'path'>,
  fieldLabels: Readonly<Record<string, string>> = {},
): string {
  const keys = issue.path.map((key) => (typeof key === 'symbol' ? (key.description ?? '') : String(key)));
  const full = keys.join('.');
  const last = keys[keys.length - 1] ?? '';
  return fieldLabels[full] ?? fieldLabels[last] ?? '';
}

/**
 * One Chinese message for a failed parse, naming the field of the first issue:
 * '手机号: 手机号码不符合规范' with fieldLabels { phone: '手机号' }; the bare message without a
 * label or for an issue on the whole input.
 */
export function zodIssueMessage(
  error: { readonly issues: readonly Issue[] },
  fieldLabels: Readonly<Record<string, string>> = {},
): string {
  const issue = error.issues[0];
  if (!issue) return '参数不正确';
  const field = issueField(issue, fieldLabels);
  const text = issueText(issue);
  return field ? `${field}: ${text}` : text;
}
