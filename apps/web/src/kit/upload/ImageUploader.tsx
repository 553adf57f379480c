import { PlusOutlined } from '@ant-design/icons';
import { joinPictureUrls, splitPictureUrls, TOAST_DURATION_MS } from '@fleet/domain';
import { App, Upload, type UploadFile } from 'antd';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { type UploadedFile, uploadFile } from '../../api/common';
import { texts } from '../../locales';
import { ImagePreview } from '../preview/ImagePreview';
import {
  acceptAttribute,
  hasPendingUploads,
  type ImageRules,
  imageFileError,
  maxFilesOf,
  tooManyFilesMessage,
  type UploadEntry,
  uploadedUrls,
} from './imageRules';

const t = texts.kit.upload;

/** What a form can ask the uploader. */
export interface ImageUploaderHandle {
  /** True while a picture is still uploading: saving must wait (请等待图片上传完成). */
  isUploading: () => boolean;
}

export interface ImageUploaderProps extends ImageRules {
  id?: string;
  /** Picture addresses: an array, or one string joined with ';' (with valueFormat 'string'). */
  value?: readonly string[] | string | null;
  onChange?: (value: string[] | string) => void;
  valueFormat?: 'array' | 'string';
  disabled?: boolean;
  /** Where a picture goes; POST /file/upload by default (the public registration page passes its own). */
  upload?: typeof uploadFile;
  ref?: Ref<ImageUploaderHandle>;
}

function toEntry(file: UploadFile<UploadedFile>): UploadEntry {
  const status = file.status === 'done' ? 'done' : file.status === 'error' ? 'error' : 'uploading';
  return { uid: file.uid, name: file.name, status, url: file.url ?? file.response?.fullPath };
}

const fromUrls = (urls: readonly string[]): UploadFile<UploadedFile>[] =>
  urls.map((url, index) => ({
    uid: `saved-${index}-${url}`,
    name: url.split('/').pop() ?? url,
    status: 'done',
    url,
  }));

/**
 * Image uploader (spec core section 5): .jpg and .png by default (or the JPEG/PNG/JPG variant), at
 * most 9 files, an optional size limit in MB (1 MB = 1024*1000 bytes); uploads each file to
 * POST /file/upload (5 s); a failure shows 上传失败 for 5 s.
 */
export function ImageUploader({
  id,
  value,
  onChange,
  valueFormat = 'array',
  disabled,
  upload = uploadFile,
  ref,
  ...rules
}: ImageUploaderProps) {
  const { message } = App.useApp();
  const maxFiles = maxFilesOf(rules);
  const urls = typeof value === 'string' ? splitPictureUrls(value) : [...(value ?? [])];
  const [files, setFiles] = useState<UploadFile<UploadedFile>[]>(() => fromUrls(urls));
  const filesRef = useRef(files);
  const replaceFiles = (next: UploadFile<UploadedFile>[]) => {
    filesRef.current = next;
    setFiles(next);
  };
  const [preview, setPreview] = useState<number | undefined>();

  // A value set from outside (form reset, record loaded) replaces the finished pictures.
  const urlKey = urls.join('\n');
  useEffect(() => {
    const current = uploadedUrls(filesRef.current.map(toEntry));
    if (current.join('\n') !== urlKey && !hasPendingUploads(filesRef.current.map(toEntry))) {
      const saved = fromUrls(urlKey ? urlKey.split('\n') : []);
      filesRef.current = saved;
      setFiles(saved);
    }
  }, [urlKey]);

  useImperativeHandle(ref, () => ({ isUploading: () => hasPendingUploads(filesRef.current.map(toEntry)) }));

  const emit = (next: UploadFile<UploadedFile>[]) => {
    const done = uploadedUrls(next.map(toEntry));
    onChange?.(valueFormat === 'string' ? joinPictureUrls(done) : done);
  };
  const shownUrls = uploadedUrls(files.map(toEntry));

  return (
    <>
      <Upload<UploadedFile>
        id={id}
        listType="picture-card"
        multiple
        accept={acceptAttribute(rules)}
        fileList={files}
        disabled={disabled}
        beforeUpload={(file, selection) => {
          const existing = filesRef.current.length;
          const tooMany = tooManyFilesMessage(selection.length, existing, { ...rules, maxFiles });
          if (tooMany) {
            if (file === selection[0]) void message.warning(tooMany);
            return Upload.LIST_IGNORE;
          }
          const refused = imageFileError(file, rules);
          if (refused) {
            void message.error(refused);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          const blob = file as File;
          upload(blob, blob.name, { quiet: true }).then(
            (uploaded) => onSuccess?.(uploaded),
            (error: Error) => {
              void message.error(t.failed, TOAST_DURATION_MS / 1000);
              onError?.(error);
            },
          );
        }}
        onChange={({ file, fileList }) => {
          const next = fileList
            .filter((item) => item.status !== 'error')
            .map((item) =>
              item.status === 'done' && item.response ? { ...item, url: item.response.fullPath } : item,
            );
          replaceFiles(next);
          if (file.status === 'done' || file.status === 'removed' || file.status === 'error') emit(next);
        }}
        onPreview={(file) => {
          const url = file.url ?? file.response?.fullPath;
          setPreview(Math.max(0, shownUrls.indexOf(url ?? '')));
        }}
      >
        {files.length >= maxFiles || disabled ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t.button}</div>
          </button>
        )}
      </Upload>
      <ImagePreview
        urls={shownUrls}
        open={preview !== undefined}
        current={preview}
        onClose={() => setPreview(undefined)}
      />
    </>
  );
}

/** 请等待图片上传完成 while any of the uploaders is busy, else null (for FormDialog's beforeSubmit). */
export function pendingUploadMessage(
  ...uploaders: ReadonlyArray<ImageUploaderHandle | null | undefined>
): string | null {
  return uploaders.some((uploader) => uploader?.isUploading()) ? t.waitForUploads : null;
}
