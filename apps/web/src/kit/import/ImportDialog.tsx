import { InboxOutlined } from '@ant-design/icons';
import { IMPORT_ACCEPT, IMPORT_DIALOG_WIDTH, TOAST_DURATION_MS } from '@fleet/domain';
import { Alert, App, Button, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { type ImportRowError, importFile } from '../../api/fileTasks';
import { API_BASE, download } from '../../api/request';
import { texts } from '../../locales';
import { importSelectionError, readableInBrowser } from './importRules';
import { readFirstSheet, type SheetRow } from './readSheet';

const t = texts.kit.importDialog;

/** A row the server refused. */
export type { ImportRowError };

/** What an import call answers: row errors, when some rows were refused. */
export interface ImportResult {
  total?: number;
  success?: number;
  errors?: ImportRowError[];
}

interface CommonProps {
  open: boolean;
  onClose: () => void;
  /** 批量导入 by default. */
  title?: string;
  /** Accepted suffixes; .xlsx and .xls by default. */
  accept?: readonly string[];
  /**
   * The template's address (an /api path is downloaded with the token); in server mode the import
   * url + '/template' by default.
   */
  templateUrl?: string;
  templateName?: string;
  /** A last check of the chosen file: false or a message refuses it. */
  beforeUpload?: (file: File) => boolean | string | Promise<boolean | string>;
}

/**
 * The file goes to the server as multipart (fields file and name). Row errors the server answers
 * (code 400 with data.errors, see registerImport) are listed in the dialog; nothing was imported.
 */
export interface ServerImportProps extends CommonProps {
  mode: 'server';
  /** API path of the import call, e.g. '/truck/import'. */
  uploadUrl: string;
  /** More multipart fields. */
  fields?: Record<string, string>;
  onImported?: (result: ImportResult | null) => void;
}

/** The first sheet is read in the browser; its rows (keyed by the headers of row 1) go to `onRows`. */
export interface BrowserImportProps extends CommonProps {
  mode: 'browser';
  onRows: (rows: SheetRow[], file: File) => void | Promise<void>;
}

export type ImportDialogProps = ServerImportProps | BrowserImportProps;

/** 批量导入 (spec core sections 2 and 5): one .xlsx/.xls file, template link, 取消 and 上传. */
export function ImportDialog(props: ImportDialogProps) {
  const { open, onClose, title, templateName } = props;
  const accept = props.accept ?? IMPORT_ACCEPT;
  const { message } = App.useApp();
  const [file, setFile] = useState<File | undefined>();
  const [busy, setBusy] = useState(false);
  const [rowErrors, setRowErrors] = useState<ImportRowError[]>([]);
  const [errorCount, setErrorCount] = useState(0);
  // A server import offers its template at the import url + '/template' unless told otherwise.
  const templateUrl =
    props.templateUrl ?? (props.mode === 'server' ? `${API_BASE}${props.uploadUrl}/template` : undefined);

  const close = () => {
    setFile(undefined);
    setRowErrors([]);
    onClose();
  };

  const check = async (chosen: File): Promise<string | null> => {
    const verdict = (await props.beforeUpload?.(chosen)) ?? true;
    if (verdict === true) return null;
    return typeof verdict === 'string' ? verdict : '';
  };

  const submit = async () => {
    if (!file) {
      void message.warning(t.chooseFirst);
      return;
    }
    setBusy(true);
    setRowErrors([]);
    try {
      if (props.mode === 'browser') {
        if (!readableInBrowser(file.name)) {
          void message.error(t.xlsNotReadable, TOAST_DURATION_MS / 1000);
          return;
        }
        let rows: SheetRow[];
        try {
          rows = await readFirstSheet(await file.arrayBuffer());
        } catch {
          void message.error(t.readFailed, TOAST_DURATION_MS / 1000);
          return;
        }
        if (rows.length === 0) {
          void message.warning(t.emptySheet);
          return;
        }
        await props.onRows(rows, file);
        close();
        return;
      }
      const outcome = await importFile(props.uploadUrl, file, props.fields);
      if (!outcome.ok) {
        setRowErrors(outcome.errors);
        setErrorCount(outcome.count);
        return;
      }
      const done = outcome.message && outcome.message !== 'success' ? outcome.message : t.done;
      void message.success(done);
      props.onImported?.(outcome.data as ImportResult | null);
      close();
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };

  const downloadTemplate = () => {
    if (!templateUrl) return;
    if (templateUrl.startsWith(`${API_BASE}/`)) {
      void download('GET', templateUrl.slice(API_BASE.length), { filename: templateName }).catch(
        () => undefined,
      );
    } else {
      window.open(templateUrl, '_blank', 'noopener');
    }
  };

  return (
    <Modal
      open={open}
      title={title ?? t.title}
      width={IMPORT_DIALOG_WIDTH}
      destroyOnHidden
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          {t.cancel}
        </Button>,
        <Button key="upload" type="primary" loading={busy} onClick={() => void submit()}>
          {t.upload}
        </Button>,
      ]}
    >
      <Upload.Dragger
        accept={accept.join(',')}
        multiple={false}
        showUploadList={false}
        beforeUpload={async (chosen, selection) => {
          const refused = importSelectionError(selection, accept);
          if (refused) {
            if (chosen === selection[0]) void message.error(refused);
            return Upload.LIST_IGNORE;
          }
          const blocked = await check(chosen);
          if (blocked !== null) {
            if (blocked) void message.error(blocked);
            return Upload.LIST_IGNORE;
          }
          setFile(chosen);
          setRowErrors([]);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{file ? `${t.chosen}${file.name}` : t.choose}</p>
        <p className="ant-upload-hint">{t.hint}</p>
      </Upload.Dragger>
      {templateUrl && (
        <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
          {t.download}
          <Typography.Link onClick={downloadTemplate}>{t.template}</Typography.Link>
        </Typography.Paragraph>
      )}
      {rowErrors.length > 0 && (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          title={t.rowErrors}
          description={
            <div style={{ maxHeight: 200, overflow: 'auto' }}>
              <ul data-testid="import-row-errors" style={{ margin: 0, paddingLeft: 18 }}>
                {rowErrors.map((error) => (
                  <li key={`${error.row}-${error.message}`}>
                    {t.row(error.row)}：{error.message}
                  </li>
                ))}
              </ul>
              <div style={{ marginTop: 4 }}>{t.errorCount(Math.max(errorCount, rowErrors.length))}</div>
            </div>
          }
        />
      )}
    </Modal>
  );
}
