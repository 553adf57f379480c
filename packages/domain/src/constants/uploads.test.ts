import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_MB,
  fitsSizeLimit,
  hasAcceptedExtension,
  IMAGE_ACCEPT,
  IMAGE_MAX_FILES,
  IMPORT_ACCEPT,
  INVOICE_IMAGE_MAX_FILES,
  INVOICE_IMAGE_MAX_MB,
  joinPictureUrls,
  megabytesToBytes,
  splitPictureUrls,
} from './uploads';

describe('upload limits', () => {
  it('have the values of the spec', () => {
    expect(BYTES_PER_MB).toBe(1_024_000);
    expect([IMAGE_MAX_FILES, INVOICE_IMAGE_MAX_FILES, INVOICE_IMAGE_MAX_MB]).toEqual([9, 6, 20]);
  });

  it('count a megabyte as 1024*1000 bytes', () => {
    expect(megabytesToBytes(20)).toBe(20_480_000);
    expect(fitsSizeLimit(20_480_000, 20)).toBe(true);
    expect(fitsSizeLimit(20_480_001, 20)).toBe(false);
    expect(fitsSizeLimit(20 * 1024 * 1024, 20)).toBe(false);
  });

  it('check extensions case-insensitively', () => {
    expect(hasAcceptedExtension('photo.JPG', IMAGE_ACCEPT)).toBe(true);
    expect(hasAcceptedExtension('photo.gif', IMAGE_ACCEPT)).toBe(false);
    expect(hasAcceptedExtension('trucks.xlsx', IMPORT_ACCEPT)).toBe(true);
    expect(hasAcceptedExtension('trucks.csv', IMPORT_ACCEPT)).toBe(false);
  });

  it('join and split picture URLs with ;', () => {
    expect(joinPictureUrls(['a.png', '', 'b.png'])).toBe('a.png;b.png');
    expect(splitPictureUrls('a.png; b.png;')).toEqual(['a.png', 'b.png']);
    expect(splitPictureUrls('')).toEqual([]);
    expect(splitPictureUrls(null)).toEqual([]);
  });
});
