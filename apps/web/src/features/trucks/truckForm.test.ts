import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Truck } from '../../api/trucks';
import { daysLeft, formValuesOf, plateError, truckFieldsOf, vinError } from './truckForm';

describe('truck form', () => {
  it('checks plates and VINs with the shared rules', () => {
    expect(plateError('京A12345')).toBeNull();
    expect(plateError('京A123')).toBe('车牌号不符合规范');
    expect(plateError('')).toBe('请输入车牌号');
    expect(vinError('lfwadrjf011002346')).toBeNull();
    expect(vinError('LFWADRJF011002340')).toContain('校验位');
  });

  it('turns dates into YYYY-MM-DD and clears the owner of an own truck', () => {
    const values = formValuesOf({
      carNo: '京A12345',
      plateColor: 2,
      vin: 'LFWADRJF011002346',
      carType: '',
      brand: '解放',
      series: 'J6P',
      fuelType: 3,
      carInfoType: 1,
      ownerName: '王五',
      ownerPhone: '13900000000',
      teamCode: '1000001',
      driverId: null,
      terminalId: 7,
      videoChannels: 2,
      channelNames: '',
      tankCapacity: 600,
      speedLimit: null,
      loadCapacity: null,
      engineNo: '',
      registerDate: '2022-03-15',
      drivingLicenseExpiry: '',
      operatingLicenseNo: '',
      operatingLicenseExpiry: '',
      insuranceExpiry: '2027-03-14',
      annualInspectionExpiry: '',
      remark: '',
    } as unknown as Truck);
    const body = truckFieldsOf({ ...values, carNo: ' 京a·12345 ' }, 9);
    expect(body).toMatchObject({
      id: 9,
      carNo: '京A12345',
      carType: null,
      registerDate: '2022-03-15',
      insuranceExpiry: '2027-03-14',
      drivingLicenseExpiry: null,
      ownerName: '',
      terminalId: 7,
    });
  });

  it('counts the days left of a certificate', () => {
    const today = dayjs('2026-11-20');
    expect(daysLeft('2026-11-30', today)).toBe(10);
    expect(daysLeft('2026-11-19', today)).toBe(-1);
    expect(daysLeft('', today)).toBeNull();
  });
});
