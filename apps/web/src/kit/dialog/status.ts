import { texts } from '../../locales';

/** The generic dialog model's status (spec core section 3). */
export type DialogStatus = 'add' | 'edit' | 'preview';

export const DIALOG_STATUSES: readonly DialogStatus[] = ['add', 'edit', 'preview'];

const t = texts.kit.dialog;

/** Throws for a status other than add, edit or preview (spec core section 4). */
export function assertDialogStatus(status: unknown): asserts status is DialogStatus {
  if (!DIALOG_STATUSES.includes(status as DialogStatus)) throw new Error(t.invalidStatus(String(status)));
}

/** 新增用户 / 编辑用户 / 查看用户, or the bare verb without an entity name. */
export function dialogTitle(status: DialogStatus, entity = ''): string {
  const verb = { add: t.addTitle, edit: t.editTitle, preview: t.previewTitle }[status];
  return `${verb}${entity}`;
}

/** The notice after a successful submit: 创建成功 for add, 更新成功 for edit. */
export function submitNotice(status: DialogStatus): string {
  return status === 'add' ? t.created : t.updated;
}
