import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipOf } from './file-tasks.fixture';
import { checkZip, XLSX_ZIP_LIMITS, type ZipLimits } from './zip-guard';

const small: ZipLimits = {
  maxEntries: 5,
  maxEntryBytes: 10_000,
  maxTotalBytes: 15_000,
  maxSharedStringsBytes: 2_000,
};
const text = (n: number, char = 'a') => Buffer.from(char.repeat(n));

async function refusal(buf: Buffer, limits = small): Promise<string> {
  try {
    await checkZip(buf, limits);
    return 'accepted';
  } catch (error) {
    return (error as { reason?: string }).reason ?? String(error);
  }
}

describe('zip checks before unpacking an upload', () => {
  it('accepts real workbooks written by ExcelJS (data descriptors) and by hand (sizes in the headers)', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('a').addRow(['车牌号', '备注']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    expect([...(await checkZip(xlsx)).keys()]).toContain('xl/worksheets/sheet1.xml');
    const plain = zipOf([
      { name: 'xl/workbook.xml', data: text(3000) },
      { name: 'xl/sharedStrings.xml', data: text(1500), method: 0 },
      { name: 'xl/worksheets/sheet1.xml', data: text(9000), descriptor: true },
    ]);
    expect(await refusal(plain)).toBe('accepted');
  });

  it('refuses what is no zip, or a truncated one', async () => {
    expect(await refusal(Buffer.from('车牌号,备注\n京A12345,\n'))).toBe('format');
    expect(await refusal(Buffer.alloc(10))).toBe('format');
    const zip = zipOf([{ name: 'a.xml', data: text(500) }]);
    expect(await refusal(zip.subarray(0, zip.length - 30))).toBe('format');
  });

  it('refuses entries that declare too much: one entry, all together, the shared strings, too many entries', async () => {
    expect(await refusal(zipOf([{ name: 'xl/worksheets/sheet1.xml', data: text(10_001) }]))).toBe('size');
    const four = [1, 2, 3, 4].map((i) => ({ name: `xl/e${i}.xml`, data: text(4000) }));
    expect(await refusal(zipOf(four))).toBe('size');
    expect(await refusal(zipOf([{ name: 'xl/sharedStrings.xml', data: text(2001) }]))).toBe('size');
    const six = [1, 2, 3, 4, 5, 6].map((i) => ({ name: `e${i}`, data: text(10) }));
    expect(await refusal(zipOf(six))).toBe('size');
  });

  it('refuses an entry that unpacks to more than it declares (a lying zip bomb)', async () => {
    const bomb = zipOf([{ name: 'xl/sharedStrings.xml', data: text(5_000_000, ' '), declaredSize: 1000 }]);
    expect(bomb.length).toBeLessThan(10_000);
    expect(await refusal(bomb)).toBe('size');
    const stored = zipOf([{ name: 'a.xml', data: text(100), method: 0, declaredSize: 50 }]);
    expect(await refusal(stored)).toBe('format');
  });

  it('refuses a real bomb within the default limits: 100 MB of spaces packed in 100 kB', async () => {
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(100 * 1024 * 1024, 32) }]);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await refusal(bomb, XLSX_ZIP_LIMITS)).toBe('size');
  });

  it('refuses entries hidden from the central directory that a streaming reader would still unpack', async () => {
    const hidden = zipOf([{ name: 'xl/workbook.xml', data: text(100) }], {
      hidden: { name: 'xl/sharedStrings.xml', data: text(9000) },
    });
    expect(await refusal(hidden)).toBe('format');
    // a stored entry whose bytes carry a fake data descriptor followed by another local entry
    const inner = zipOf([{ name: 'xl/sharedStrings.xml', data: text(9000) }]);
    const fake = Buffer.concat([Buffer.from([0x50, 0x4b, 0x07, 0x08]), Buffer.alloc(12), inner]);
    const smuggler = zipOf([{ name: 'xl/a.bin', data: fake, method: 0, descriptor: true }]);
    expect(await refusal(smuggler)).toBe('format');
  });

  it('refuses broken compressed data', async () => {
    const zip = zipOf([{ name: 'a.xml', data: text(3000, 'b') }]);
    zip.fill(0xff, 30 + 5, 30 + 15);
    expect(await refusal(zip)).toBe('format');
  });
});
