import { joinPictureUrls, splitPictureUrls } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  hasPendingUploads,
  imageFileError,
  tooManyFilesMessage,
  uploadedUrls,
} from './imageRules';

const file = (name: string, size = 1000, type = 'image/png') => ({ name, size, type });

describe('image uploader rules', () => {
  it('accepts .jpg and .png by default', () => {
    expect(acceptAttribute({})).toBe('.jpg,.png');
    expect(imageFileError(file('a.JPG', 10, 'image/jpeg'))).toBeNull();
    expect(imageFileError(file('a.png'))).toBeNull();
    expect(imageFileError(file('a.gif', 10, 'image/gif'))).toBe('只能上传 .jpg、.png 格式的图片');
  });

  it('has a variant for JPEG, PNG and JPG only, with its own message', () => {
    expect(acceptAttribute({ strictType: true })).toBe('.jpeg,.png,.jpg');
    expect(imageFileError(file('a.jpeg', 10, 'image/jpeg'), { strictType: true })).toBeNull();
    expect(imageFileError(file('a.bmp', 10, 'image/bmp'), { strictType: true })).toBe(
      '上传文件只能是 JPG、PNG、JPEG 格式!',
    );
  });

  it('refuses a file over the size limit, counting 1 MB as 1024*1000 bytes', () => {
    expect(imageFileError(file('a.png', 2 * 1024 * 1000), { maxSizeMb: 2 })).toBeNull();
    expect(imageFileError(file('a.png', 2 * 1024 * 1000 + 1), { maxSizeMb: 2 })).toBe('请上传小于2M的图片');
    expect(imageFileError(file('a.png', 2 * 1024 * 1024), { maxSizeMb: 2 })).toBe('请上传小于2M的图片');
    expect(imageFileError(file('a.png', 50 * 1024 * 1000))).toBeNull();
  });

  it('warns with the limit, the selection and the total when there are too many files (9 by default)', () => {
    expect(tooManyFilesMessage(3, 6)).toBeNull();
    expect(tooManyFilesMessage(4, 6)).toBe('当前限制选择 9 个文件，本次选择了 4 个文件，共选择了 10 个文件');
    expect(tooManyFilesMessage(2, 0, { maxFiles: 1 })).toBe(
      '当前限制选择 1 个文件，本次选择了 2 个文件，共选择了 2 个文件',
    );
  });

  it('has the invoice-image variant: PNG or JPEG only, 20 MB, at most 6, messages naming the pictures', () => {
    const slips = { invoice: { noun: '磅单图片' } };
    expect(acceptAttribute(slips)).toBe('.png,.jpg,.jpeg');
    expect(imageFileError(file('a.jpg', 10, 'image/jpeg'), slips)).toBeNull();
    expect(imageFileError(file('a.png', 10, 'image/png'), slips)).toBeNull();
    expect(imageFileError(file('a.gif', 10, 'image/gif'), slips)).toBe('磅单图片只能是 JPG/PNG 格式!');
    expect(imageFileError(file('a.png', 10, 'image/webp'), slips)).toBe('磅单图片只能是 JPG/PNG 格式!');
    expect(imageFileError(file('a.png', 20 * 1024 * 1000), slips)).toBeNull();
    expect(imageFileError(file('a.png', 20 * 1024 * 1000 + 1), slips)).toBe('磅单图片大小不能超过 20MB!');
    expect(tooManyFilesMessage(2, 4, slips)).toBeNull();
    expect(tooManyFilesMessage(3, 4, slips)).toBe('磅单图片最多支持上传 6 张，当前共选择了 7 张');
  });

  it('makes saving wait for uploads in progress and joins finished addresses with ;', () => {
    const entries = [
      { uid: '1', name: 'a.png', status: 'done' as const, url: '/api/file/uploads/2025/01/a.png' },
      { uid: '2', name: 'b.png', status: 'uploading' as const },
      { uid: '3', name: 'c.png', status: 'error' as const },
    ];
    expect(hasPendingUploads(entries)).toBe(true);
    expect(hasPendingUploads(entries.filter((e) => e.status !== 'uploading'))).toBe(false);
    expect(joinPictureUrls(uploadedUrls(entries))).toBe('/api/file/uploads/2025/01/a.png');
    expect(splitPictureUrls('a.png;b.png')).toEqual(['a.png', 'b.png']);
  });
});
