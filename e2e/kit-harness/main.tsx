/**
 * The kit's test bench for e2e/kit.e2e.ts: each kit widget once, against the real server, so the
 * browser test can drive them the way a person does. Built by the test itself; not part of the app.
 */
import { App as AntApp, Button, Card, ConfigProvider, Flex, Form, type FormInstance } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Component, type ReactNode, StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { download, RequestError, request, requestEnvelope } from '../../apps/web/src/api/request';
import { RequestUiBridge } from '../../apps/web/src/api/request-ui';
import { fetchUsers, type SystemUser, type UserQuery } from '../../apps/web/src/api/system';
import {
  AreaTreeSelect,
  DriverSelect,
  FormDialog,
  HandlerSelect,
  ImageUploader,
  type ImageUploaderHandle,
  ImportDialog,
  ListPage,
  OperationLogDialog,
  pendingUploadMessage,
  RemoteSelect,
  type SheetRow,
  TeamTreeSelect,
  VehiclePlateSelect,
} from '../../apps/web/src/kit';

dayjs.locale('zh-cn');

const show = (value: unknown) => JSON.stringify(value ?? null);

function Probe({ name, run }: { name: string; run: () => Promise<unknown> }) {
  const [result, setResult] = useState('');
  return (
    <Flex gap={8} align="center">
      <Button
        onClick={() =>
          run().then(
            (value) => setResult(`resolved ${show(value)}`),
            (error: unknown) =>
              setResult(
                error instanceof RequestError
                  ? `rejected ${error.kind} ${error.code} ${error.message}`
                  : String(error),
              ),
          )
        }
      >
        {name}
      </Button>
      <output data-testid={`probe-${name}`}>{result}</output>
    </Flex>
  );
}

function Bench() {
  const uploader = useRef<ImageUploaderHandle>(null);
  const [pictures, setPictures] = useState<unknown>([]);
  const [pending, setPending] = useState('');
  const [importOpen, setImportOpen] = useState<'browser' | 'server' | undefined>();
  const [rows, setRows] = useState<SheetRow[]>([]);
  const [imported, setImported] = useState('');
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [logOpen, setLogOpen] = useState(false);
  const [badDialog, setBadDialog] = useState(false);
  const [form] = Form.useForm<Record<string, unknown>>();
  const set = (key: string) => (value: unknown) => setValues((current) => ({ ...current, [key]: value }));

  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <Card title="图片上传" data-testid="uploader">
        <ImageUploader
          ref={uploader}
          maxFiles={3}
          maxSizeMb={1}
          value={pictures as string[]}
          onChange={setPictures}
        />
        <Button onClick={() => setPending(pendingUploadMessage(uploader.current) ?? '可以保存')}>
          检查上传
        </Button>
        <output data-testid="uploader-value">{show(pictures)}</output>
        <output data-testid="uploader-pending">{pending}</output>
      </Card>
      <Card title="严格格式上传" data-testid="strict-uploader">
        <ImageUploader strictType valueFormat="string" onChange={set('strict')} />
      </Card>
      <Card title="批量导入">
        <Flex gap={8}>
          <Button onClick={() => setImportOpen('browser')}>浏览器导入</Button>
          <Button onClick={() => setImportOpen('server')}>服务器导入</Button>
        </Flex>
        <output data-testid="import-rows">{show(rows)}</output>
        <output data-testid="import-server">{imported}</output>
        {importOpen === 'browser' && (
          <ImportDialog
            open
            mode="browser"
            templateUrl="/api/kit-probe/template"
            onClose={() => setImportOpen(undefined)}
            onRows={(sheet) => setRows(sheet)}
          />
        )}
        {importOpen === 'server' && (
          <ImportDialog
            open
            mode="server"
            uploadUrl="/file/upload"
            onClose={() => setImportOpen(undefined)}
            onImported={(result) => setImported(show(result))}
          />
        )}
      </Card>
      <Card title="选择器">
        <Flex gap={12} wrap>
          <div data-testid="plate">
            <VehiclePlateSelect
              searchBy2
              style={{ width: 220 }}
              value={values.plate as string}
              onChange={set('plate')}
            />
          </div>
          <div data-testid="handler">
            <HandlerSelect
              style={{ width: 220 }}
              value={values.handler as number}
              onChange={set('handler')}
            />
          </div>
          <div data-testid="driver">
            <DriverSelect style={{ width: 220 }} />
          </div>
          <div data-testid="area">
            <AreaTreeSelect style={{ width: 220 }} value={values.area as string} onChange={set('area')} />
          </div>
          <div data-testid="team">
            <TeamTreeSelect
              multiple
              valueFormat="string"
              style={{ width: 320 }}
              value={values.team as string}
              onChange={set('team')}
            />
          </div>
          <div data-testid="no-api">
            <RemoteSelect<{ id: number }>
              style={{ width: 220 }}
              toOption={(item) => ({ value: item.id, label: item.id })}
            />
          </div>
        </Flex>
        <output data-testid="picker-values">{show(values)}</output>
      </Card>
      <Card title="请求规则">
        <Flex vertical gap={8}>
          <Probe name="409" run={() => request('POST', '/kit-probe/409')} />
          <Probe name="511" run={() => requestEnvelope('POST', '/kit-probe/511')} />
          <Probe name="long" run={() => request('POST', '/kit-probe/long')} />
          <Probe name="403" run={() => request('POST', '/kit-probe/403')} />
          <Probe name="network" run={() => request('POST', '/kit-probe/network')} />
          <Probe name="download" run={() => download('GET', '/kit-probe/file')} />
          <Probe name="empty-file" run={() => download('GET', '/kit-probe/empty')} />
        </Flex>
      </Card>
      <Card title="其他">
        <Flex gap={8}>
          <Button onClick={() => setLogOpen(true)}>查看操作日志</Button>
          <Button onClick={() => setBadDialog(true)}>错误状态弹窗</Button>
        </Flex>
        <OperationLogDialog open={logOpen} dataId={1} pageEnum={1} onClose={() => setLogOpen(false)} />
        {badDialog && <BadStatusDialog form={form} />}
      </Card>
      <Card title="列表">
        <ListPage<SystemUser>
          listKey="kit-bench/users"
          fetchList={(params, signal) => fetchUsers(params as UserQuery, signal)}
          rowKey="id"
          columns={[
            { key: 'username', dataIndex: 'username', title: '用户名' },
            { key: 'nickname', dataIndex: 'nickname', title: '姓名' },
          ]}
          toolbar={{
            batchActions: [
              { key: 'show', label: '批量查看', onClick: (picked) => set('batch')(picked.length) },
            ],
          }}
        />
      </Card>
    </Flex>
  );
}

/** Shows the message of an error thrown while rendering its children. */
class Caught extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? (
      <output data-testid="bad-status">{this.state.error.message}</output>
    ) : (
      this.props.children
    );
  }
}

/** FormDialog refuses a status other than add, edit or preview by throwing. */
function BadStatusDialog({ form }: { form: FormInstance<Record<string, unknown>> }) {
  return (
    <Caught>
      <FormDialog<Record<string, unknown>>
        open
        status={'view' as 'add'}
        form={form}
        onSubmit={() => Promise.reject(new Error('unreachable'))}
        onClose={() => undefined}
      >
        {null}
      </FormDialog>
    </Caught>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ConfigProvider locale={zhCN}>
        <AntApp>
          <RequestUiBridge />
          <Bench />
        </AntApp>
      </ConfigProvider>
    </StrictMode>,
  );
}
