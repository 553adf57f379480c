import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Flex, List, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { texts } from '../../locales';
import { type ColumnInfo, type ColumnSetting, columnSettings, fieldsToSave, moveItem } from './columns';

const t = texts.kit;

export interface ColumnSettingsDialogProps {
  open: boolean;
  /** Every column of the table, with its title. */
  columns: readonly (ColumnInfo & { title: string })[];
  /** The saved visible keys in order; null: all. */
  fields: readonly string[] | null;
  saving?: boolean;
  onSave: (fields: string[]) => void;
  onClose: () => void;
}

/** 列设置: tick the columns to show and order them; saved per user for the page. */
export function ColumnSettingsDialog({
  open,
  columns,
  fields,
  saving,
  onSave,
  onClose,
}: ColumnSettingsDialogProps) {
  const { message } = App.useApp();
  const [settings, setSettings] = useState<ColumnSetting[]>(() => columnSettings(columns, fields));
  useEffect(() => {
    if (open) setSettings(columnSettings(columns, fields));
  }, [open, columns, fields]);
  const titles = new Map(columns.map((column) => [column.key, column.title]));

  const save = () => {
    const chosen = fieldsToSave(settings);
    if (chosen.length === 0) {
      void message.warning(t.list.columnsAtLeastOne);
      return;
    }
    onSave(chosen);
  };

  return (
    <Modal
      open={open}
      title={t.list.columnsTitle}
      width={420}
      okText={t.common.save}
      cancelText={t.common.cancel}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      footer={(_, { OkBtn, CancelBtn }) => (
        <Flex justify="space-between">
          <Button onClick={() => setSettings(columnSettings(columns, null))}>{t.list.columnsReset}</Button>
          <Flex gap={8}>
            <CancelBtn />
            <OkBtn />
          </Flex>
        </Flex>
      )}
    >
      <Typography.Paragraph type="secondary">{t.list.columnsHint}</Typography.Paragraph>
      <List
        size="small"
        bordered
        dataSource={settings}
        renderItem={(setting, index) => (
          <List.Item
            actions={[
              <Button
                key="up"
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={t.list.moveUp}
                disabled={index === 0}
                onClick={() => setSettings(moveItem(settings, index, -1))}
              />,
              <Button
                key="down"
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={t.list.moveDown}
                disabled={index === settings.length - 1}
                onClick={() => setSettings(moveItem(settings, index, 1))}
              />,
            ]}
          >
            <Checkbox
              checked={setting.visible}
              onChange={(event) =>
                setSettings(
                  settings.map((s) => (s.key === setting.key ? { ...s, visible: event.target.checked } : s)),
                )
              }
            >
              {titles.get(setting.key) ?? setting.key}
            </Checkbox>
          </List.Item>
        )}
      />
    </Modal>
  );
}
