import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_MESSAGE, PHONE_MESSAGE } from './messages';
import { phoneSchema } from './phone';
import { issueField, issueText, zodIssueMessage } from './zod-message';

function errorOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error;
}

describe('zodIssueMessage', () => {
  const body = z.object({ phone: phoneSchema, name: z.string().min(1).max(5) });

  it('names the field by its label', () => {
    const error = errorOf(body, { phone: '123', name: 'a' });
    expect(zodIssueMessage(error, { phone: '手机号' })).toBe('手机号: 手机号码不符合规范');
  });

  it('never names a field by its key: the bare message when no label is given', () => {
    const error = errorOf(body, { phone: '123', name: 'a' });
    expect(zodIssueMessage(error)).toBe(PHONE_MESSAGE);
  });

  it('labels nested paths by full path or last key', () => {
    const schema = z.object({ rows: z.array(z.object({ phone: phoneSchema })) });
    const error = errorOf(schema, { rows: [{ phone: '13800138000' }, { phone: 'x' }] });
    expect(zodIssueMessage(error)).toBe(PHONE_MESSAGE);
    expect(zodIssueMessage(error, { phone: '手机号' })).toBe(`手机号: ${PHONE_MESSAGE}`);
    expect(zodIssueMessage(error, { 'rows.1.phone': '第2行手机号' })).toBe(`第2行手机号: ${PHONE_MESSAGE}`);
  });

  it('gives the bare message for an issue on the whole input', () => {
    expect(zodIssueMessage(errorOf(phoneSchema, '1'))).toBe(PHONE_MESSAGE);
  });

  it('translates zod built-in messages into Chinese', () => {
    expect(zodIssueMessage(errorOf(body, { phone: '' }), { name: '名称' })).toBe('名称: 不能为空');
    expect(zodIssueMessage(errorOf(body, { phone: '', name: '' }), { name: '名称' })).toBe('名称: 不能为空');
    expect(zodIssueMessage(errorOf(body, { phone: '', name: '123456' }), { name: '名称' })).toBe(
      '名称: 最多5个字符',
    );
    expect(zodIssueMessage(errorOf(body, { phone: '', name: 5 }), { name: '名称' })).toBe('名称: 应为文本');
  });

  it('answers something for an empty issue list', () => {
    expect(zodIssueMessage({ issues: [] })).toBe('参数不正确');
  });
});

describe('issueText', () => {
  it('keeps Chinese messages', () => {
    expect(issueText(errorOf(phoneSchema, 'x').issues[0] as z.core.$ZodIssue)).toBe(PHONE_MESSAGE);
  });

  it('translates number, array, format, enum and key issues', () => {
    const first = (schema: z.ZodType, value: unknown) =>
      issueText(errorOf(schema, value).issues[0] as z.core.$ZodIssue);
    expect(first(z.number().min(3), 1)).toBe('不能小于3');
    expect(first(z.number().gt(3), 3)).toBe('必须大于3');
    expect(first(z.number().max(3), 4)).toBe('不能大于3');
    expect(first(z.number().lt(3), 3)).toBe('必须小于3');
    expect(first(z.number(), 'x')).toBe('应为数字');
    expect(first(z.array(z.string()).min(2), ['a'])).toBe('至少2项');
    expect(first(z.array(z.string()).max(1), ['a', 'b'])).toBe('最多1项');
    expect(first(z.string().min(3), 'ab')).toBe('至少3个字符');
    expect(first(z.email(), 'x')).toBe(EMAIL_MESSAGE);
    expect(first(z.string().regex(/^a$/), 'b')).toBe('格式不正确');
    expect(first(z.number().multipleOf(5), 7)).toBe('必须是5的倍数');
    expect(first(z.enum(['a', 'b']), 'c')).toBe('取值必须是 a、b 之一');
    expect(first(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe('不支持的字段: b');
    expect(first(z.union([z.string(), z.number()]), true)).toBe('格式不正确');
    expect(
      first(
        z.string().refine(() => false),
        'x',
      ),
    ).toBe('格式不正确');
    expect(first(z.map(z.string(), z.string()), 'x')).toBe('类型不正确');
  });
});

describe('issueField', () => {
  it('gives the label of the full path or the last key, and never the key itself', () => {
    expect(issueField({ path: [] })).toBe('');
    expect(issueField({ path: ['a', 0, 'b'] })).toBe('');
    expect(issueField({ path: ['a', 0, 'b'] }, { b: '乙' })).toBe('乙');
    expect(issueField({ path: ['a', 0, 'b'] }, { 'a.0.b': '甲乙' })).toBe('甲乙');
    expect(issueField({ path: [Symbol('s')] }, { s: '丙' })).toBe('丙');
  });
});
