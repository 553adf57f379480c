import { describe, expect, it } from 'vitest';
import { BUILT_IN_BRANDS, brandTable, hostMatches, resolveBrand } from './brands';

describe('hostMatches', () => {
  it('matches exact hosts, first labels and domains, ignoring case and port', () => {
    expect(hostMatches('fleet.example.com', 'FLEET.example.com:8080')).toBe(true);
    expect(hostMatches('meat.*', 'meat.example.com')).toBe(true);
    expect(hostMatches('meat.*', 'meat.localhost:5173')).toBe(true);
    expect(hostMatches('meat.*', 'meatball.example.com')).toBe(false);
    expect(hostMatches('meat.*', 'meat')).toBe(false);
    expect(hostMatches('*.coal.cn', 'www.coal.cn')).toBe(true);
    expect(hostMatches('*.coal.cn', 'coal.cn')).toBe(false);
    expect(hostMatches('*.coal.cn', 'xcoal.cn')).toBe(false);
    expect(hostMatches('', 'anything')).toBe(false);
  });
});

describe('resolveBrand', () => {
  it('gives the four built-in skins by host, and the default elsewhere', () => {
    expect(resolveBrand('127.0.0.1:8080').title).toBe('车队管理平台');
    expect(resolveBrand('fleet.example.com').key).toBe('default');
    expect(resolveBrand('meat.example.com').title).toBe('冷链肉品物流平台');
    expect(resolveBrand('lenglian.example.com').key).toBe('meat');
    expect(resolveBrand('coal.example.com').title).toBe('煤炭运输管理平台');
    expect(resolveBrand('heavy.example.com').title).toBe('重卡车队管理平台');
  });

  it('gives every built-in skin its own logo, login background and icon', () => {
    for (const brand of BUILT_IN_BRANDS) {
      expect(brand.logo, brand.key).toBeTruthy();
      expect(brand.loginBackground, brand.key).toBeTruthy();
      expect(brand.icon, brand.key).toBeTruthy();
    }
    expect(new Set(BUILT_IN_BRANDS.map((brand) => brand.logo)).size).toBe(BUILT_IN_BRANDS.length);
    expect(new Set(BUILT_IN_BRANDS.map((brand) => brand.loginBackground)).size).toBe(BUILT_IN_BRANDS.length);
  });

  it("lets the operator add a brand, which falls back to the default skin's pictures", () => {
    const operator = [{ key: 'east', hosts: ['east.fleet.cn'], title: '华东车队平台' }];
    const brand = resolveBrand('east.fleet.cn', operator);
    expect(brand.title).toBe('华东车队平台');
    expect(brand.logo).toBe(resolveBrand('x').logo);
    expect(resolveBrand('meat.fleet.cn', operator).key).toBe('meat');
  });

  it("lets the operator override a built-in brand's hosts and fields", () => {
    const operator = [{ key: 'coal', hosts: ['mt.fleet.cn'], title: '晋煤运输平台', logo: '/brands/mt.png' }];
    expect(resolveBrand('coal.fleet.cn', operator).key).toBe('default');
    const coal = resolveBrand('mt.fleet.cn', operator);
    expect(coal).toMatchObject({
      key: 'coal',
      title: '晋煤运输平台',
      logo: '/brands/mt.png',
      icon: '/brands/mt.png',
    });
    expect(coal.loginBackground).toBe(BUILT_IN_BRANDS.find((b) => b.key === 'coal')?.loginBackground);
    expect(brandTable(operator).filter((brand) => brand.key === 'coal')).toHaveLength(1);
  });

  it('tries the operator entries first, and can rename the default skin', () => {
    const operator = [
      { key: 'special', hosts: ['meat.special.cn'], title: '特供平台' },
      { key: 'default', hosts: [], title: '某某车队云' },
    ];
    expect(resolveBrand('meat.special.cn', operator).title).toBe('特供平台');
    expect(resolveBrand('other.cn', operator).title).toBe('某某车队云');
  });
});
