import { CUSTOMER_RECORD } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../api/session';
import { texts } from '../../locales';
import { defineRecord, type RecordDefInput, teamListQuery } from './recordDef';

interface Row {
  id: number;
  teamCode: string;
  customerName: string;
}

const input: RecordDefInput<Row, { customerName: string }> = {
  meta: CUSTOMER_RECORD,
  texts: texts.customers,
  listKey: 'customers',
  searchFields: [],
  columns: [],
  nameOf: (row) => row.customerName,
  FormItems: () => null,
  addValues: () => ({}),
  editValues: (row) => ({ customerName: row.customerName }),
};

const userOf = (teamCode: string) => ({ team: { teamCode } }) as UserInfo;

describe('defineRecord', () => {
  it('refuses a record with a valid call but without the texts of enabling', () => {
    const { statusChanged: _s, confirmEnable: _e, ...rest } = texts.customers;
    expect(() => defineRecord({ ...input, texts: rest })).toThrow(
      "The record 'customer' lacks the texts confirmEnable, statusChanged",
    );
  });

  it('refuses a record with add or edit calls but neither a form page nor the form dialog parts', () => {
    const { FormItems: _f, addValues: _a, ...dialogless } = input;
    expect(() => defineRecord(dialogless)).toThrow(
      "The record 'customer' lacks a formPage or FormItems, addValues",
    );
    const onPage = defineRecord({
      ...dialogless,
      editValues: undefined,
      formPage: { add: (list) => `${list}/add`, edit: (row, list) => `${list}/edit?id=${row.id}` },
    });
    expect(onPage.formPage?.edit({ id: 4, teamCode: '1', customerName: '甲' }, '/tc/customer')).toBe(
      '/tc/customer/edit?id=4',
    );
  });

  it('calls the record’s own routes of the common shape as it calls those of the meta', () => {
    const record = defineRecord({
      ...input,
      ownPaths: { delete: '/colliery/customer/remove', import: '/colliery/customer/load' },
      texts: { ...texts.customers, confirmDelete: () => '', confirmDeleteMany: () => '', deleted: '' },
    });
    expect(record.meta.paths).toMatchObject({
      page: '/colliery/customer/page',
      delete: '/colliery/customer/remove',
      import: '/colliery/customer/load',
    });
    expect(CUSTOMER_RECORD.paths).not.toHaveProperty('delete');
    expect(record.api.templateUrl).toBe('/api/colliery/customer/load/template');
  });

  it('needs no text of deleting many when the record deletes one row at a time', () => {
    const deleting = {
      ...input,
      ownPaths: { delete: '/colliery/customer/remove' },
      texts: { ...texts.customers, confirmDelete: () => '', deleted: '' },
    };
    expect(() => defineRecord(deleting)).toThrow("The record 'customer' lacks the texts confirmDeleteMany");
    expect(defineRecord({ ...deleting, deleteById: true }).deleteById).toBe(true);
  });

  it('turns one team of the search into the subtree list the call takes', () => {
    expect(teamListQuery({ carNo: '京A', teamCode: '1000001' })).toEqual({
      carNo: '京A',
      teamCodeList: ['1000001'],
    });
    expect(teamListQuery({ carNo: '京A', teamCode: undefined })).toEqual({ carNo: '京A' });
  });

  it('lets the user change only the rows of their team subtree by default', () => {
    const record = defineRecord(input);
    const row = { id: 1, teamCode: '1000001001', customerName: '甲' };
    expect(record.canChange(row, userOf('1000001'))).toBe(true);
    expect(record.canChange(row, userOf('1000001001'))).toBe(true);
    expect(record.canChange(row, userOf('1000001001001'))).toBe(false);
    expect(record.canChange(row, userOf('1000002'))).toBe(false);
  });
});
