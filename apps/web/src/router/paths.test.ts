import { describe, expect, it } from 'vitest';
import { HOME_PATH, loginPath, safeRedirect } from './paths';

describe('safeRedirect', () => {
  it('keeps paths of this site with their query and hash', () => {
    expect(safeRedirect('/databoard/index')).toBe('/databoard/index');
    expect(safeRedirect('/car-dispatch/plan?carNo=京A12345#top')).toBe(
      '/car-dispatch/plan?carNo=%E4%BA%ACA12345#top',
    );
  });

  it('goes home for anything that could leave the site or loop back to login', () => {
    for (const raw of [
      null,
      undefined,
      '',
      'databoard/index',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '/login',
      '/login?redirect=/login',
    ]) {
      expect(safeRedirect(raw), String(raw)).toBe(HOME_PATH);
    }
  });
});

describe('loginPath', () => {
  it('carries the full path back as an encoded redirect parameter', () => {
    expect(loginPath('/databoard/index')).toBe('/login?redirect=%2Fdataboard%2Findex');
    const url = new URL(loginPath('/a?b=1&c=2'), 'http://x');
    expect(url.searchParams.get('redirect')).toBe('/a?b=1&c=2');
  });

  it('does not point the login page at itself', () => {
    expect(loginPath()).toBe('/login');
    expect(loginPath('/login?redirect=%2Fx')).toBe('/login');
  });
});
