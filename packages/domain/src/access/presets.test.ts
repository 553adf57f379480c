import { describe, expect, it } from 'vitest';
import { allMenuCodes, isKnownCode, menuCodesUnder, permittedMenuTree } from './helpers';
import {
  ROLE_PRESET_NAMES,
  ROLE_PRESETS,
  type RolePreset,
  SAFETY_ALARM_CODES,
  SAFETY_RISK_CODES,
  SAFETY_SCORE_CODES,
} from './presets';

const PRESETS = Object.keys(ROLE_PRESETS) as RolePreset[];

function modulesOf(codes: readonly string[]): string[] {
  return permittedMenuTree(codes)
    .filter((node) => !node.public && !node.hidden)
    .map((node) => node.title);
}

describe('role presets', () => {
  it('name only known codes, each once', () => {
    for (const preset of PRESETS) {
      const codes = ROLE_PRESETS[preset];
      expect(codes.every(isKnownCode), preset).toBe(true);
      expect(new Set(codes).size, preset).toBe(codes.length);
      expect(codes, preset).toContain('car01');
      expect(ROLE_PRESET_NAMES[preset]).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('give the administrator every code', () => {
    expect(ROLE_PRESETS.admin).toEqual([...allMenuCodes()]);
  });

  it('give dispatch transportation management and the efficiency centre', () => {
    const codes = new Set(ROLE_PRESETS.dispatch);
    for (const code of [...menuCodesUnder('car05'), ...menuCodesUnder('car06')])
      expect(codes.has(code)).toBe(true);
    expect(codes.size).toBe(1 + menuCodesUnder('car05').size + menuCodesUnder('car06').size);
    expect(modulesOf(ROLE_PRESETS.dispatch)).toEqual(['首页', '运输管理', '效能中心']);
  });

  it('give finance the finance, cost, business-analysis and capacity pages', () => {
    const codes = new Set(ROLE_PRESETS.finance);
    for (const root of ['car07', 'car08', 'car1002', 'tc01']) {
      for (const code of menuCodesUnder(root)) expect(codes.has(code), code).toBe(true);
    }
    expect(codes.has('car10')).toBe(true);
    expect(codes.has('car1001')).toBe(false);
    expect(codes.has('car100201')).toBe(true);
    expect(modulesOf(ROLE_PRESETS.finance)).toEqual(['首页', '财务管理', '成本中心', '数据分析', '运力业务']);
  });

  it('give safety the alarm, risk and driving-score pages and the modules above them', () => {
    const explicit = [...SAFETY_ALARM_CODES, ...SAFETY_RISK_CODES, ...SAFETY_SCORE_CODES];
    const transportOrAnalysis = new Set([...menuCodesUnder('car05'), ...menuCodesUnder('car10'), 'car01-1']);
    for (const code of explicit) expect(transportOrAnalysis.has(code), code).toBe(true);
    expect([...ROLE_PRESETS.safety].sort()).toEqual(
      ['car01', 'car05', 'car0501', 'car0503', 'car10', 'car1001', ...explicit].sort(),
    );
    for (const code of ['car050106', 'car050107', 'car050108', 'car050116', 'car050117', 'car050305']) {
      expect(ROLE_PRESETS.safety, code).toContain(code);
    }
    expect(modulesOf(ROLE_PRESETS.safety)).toEqual(['首页', '运输管理', '数据分析']);
  });
});
