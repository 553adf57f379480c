import { App } from 'antd';
import { type ReactNode, useCallback, useRef } from 'react';
import type { ExportOutcome } from '../../api/fileTasks';
import { texts } from '../../locales';

const t = texts.kit;

/** One action on list rows that is confirmed first (delete, enable/disable, revoke…). */
export interface RowConfirm {
  /** The question, e.g. 确定删除「…」吗？ */
  content: ReactNode;
  /** The call; the dialog's 确定 spins until it settles. */
  run: () => Promise<unknown>;
  /** Shown when the call succeeded. */
  done: string;
  /** A red 确定 (for deletes that cannot be undone). */
  danger?: boolean;
}

/**
 * Asks 提示 with the action's question, runs it on 确定, then says `done` and calls `reload`
 * (usually the list's). A refused call closes the dialog and changes nothing: the request client
 * already showed why.
 */
export function useRowConfirm(reload: () => unknown): (action: RowConfirm) => void {
  const { modal, message } = App.useApp();
  const latest = useRef(reload);
  latest.current = reload;
  return useCallback(
    ({ content, run, done, danger }: RowConfirm) => {
      modal.confirm({
        title: t.request.confirmTitle,
        content,
        okText: t.common.ok,
        ...(danger ? { okButtonProps: { danger: true } } : {}),
        cancelText: t.common.cancel,
        onOk: () =>
          run().then(
            () => {
              void message.success(done);
              void latest.current();
            },
            () => undefined,
          ),
      });
    },
    [modal, message],
  );
}

/**
 * The 导出 of a list toolbar: exports the current search query and names the saved file. A large
 * export became a task, which `exportFile` announced with its link; a failure was shown by the
 * request client.
 */
export function useListExport(
  exportList: (query: Record<string, unknown>) => Promise<ExportOutcome>,
  exported: (filename: string) => string,
): (query: Record<string, unknown>) => void {
  const { message } = App.useApp();
  return (query) =>
    void exportList(query).then(
      (done) => {
        if (done.kind === 'file') void message.success(exported(done.filename));
      },
      () => undefined,
    );
}
