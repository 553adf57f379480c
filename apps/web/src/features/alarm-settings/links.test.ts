import { ROLE_PRESETS } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import { alarmSettingsLinks } from './links';

describe('alarm settings links', () => {
  it('offers the settings pages whose codes the user holds, by their menu titles', () => {
    expect(alarmSettingsLinks(ROLE_PRESETS.safety)).toEqual([
      { path: '/alarm/carset/index', title: '车辆报警设置' },
      { path: '/car-dispatch/stationFenceAlarm', title: '站点围栏报警设置' },
    ]);
    expect(alarmSettingsLinks(['car050111'])).toEqual([
      { path: '/car-dispatch/stationFenceAlarm', title: '站点围栏报警设置' },
    ]);
    expect(alarmSettingsLinks(ROLE_PRESETS.finance)).toEqual([]);
  });
});
