import { describe, expect, it } from 'vitest';
import { assertDialogStatus, dialogTitle, submitNotice } from './status';

describe('dialog status', () => {
  it('accepts add, edit and preview', () => {
    for (const status of ['add', 'edit', 'preview']) expect(() => assertDialogStatus(status)).not.toThrow();
  });

  it('throws an Error for anything else', () => {
    for (const status of ['view', '', undefined, 1]) expect(() => assertDialogStatus(status)).toThrow(Error);
    expect(() => assertDialogStatus('view')).toThrow('弹窗状态无效：view');
  });

  it('names the dialog and the success notice by status', () => {
    expect(dialogTitle('add', '用户')).toBe('新增用户');
    expect(dialogTitle('edit', '角色')).toBe('编辑角色');
    expect(dialogTitle('preview')).toBe('查看');
    expect(submitNotice('add')).toBe('创建成功');
    expect(submitNotice('edit')).toBe('更新成功');
  });
});
