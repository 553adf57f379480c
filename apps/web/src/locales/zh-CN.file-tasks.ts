/** Texts of 导入导出查询 and of the spreadsheet export and import of every list. */
export const zhCNFileTasks = {
  fileTasks: {
    kind: '类型',
    kinds: { export: '导出', import: '导入' },
    title: '名称',
    fileName: '文件名',
    status: '状态',
    statuses: { waiting: '等待中', running: '进行中', done: '已完成', failed: '失败' },
    progress: '进度',
    rows: '数据条数',
    createTime: '创建时间',
    finishTime: '完成时间',
    result: '结果说明',
    download: '下载',
    delete: '删除',
    confirmDelete: (name: string) => `确定删除「${name}」的记录吗？导出的文件将一并删除。`,
    deleted: '已删除',
    refreshing: '有任务进行中，列表每2秒自动刷新',
    goToTasks: '前往导入导出查询',
    exportTaskCreated: '导出任务已创建，请到导入导出查询查看',
  },
};
