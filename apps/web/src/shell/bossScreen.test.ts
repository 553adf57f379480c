import { describe, expect, it } from 'vitest';
import { bossScreenHref } from './bossScreen';

describe('bossScreenHref', () => {
  it('passes the session in the query, keeping the query the address already has', () => {
    const href = bossScreenHref(
      'https://boss.example.com/screen?theme=dark',
      {
        token: 'tok',
        refreshToken: 'ref',
        teamCode: '1000001',
        teamName: '示例物流有限公司',
        teamId: 3,
        merchantId: 1,
        userName: 'admin',
        userId: 7,
      },
      'http://fleet.example.com',
    );
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://boss.example.com/screen');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      theme: 'dark',
      token: 'tok',
      teamCode: '1000001',
      teamName: '示例物流有限公司',
      groupId: '1',
      teamId: '3',
      userName: 'admin',
      userId: '7',
      refreshToken: 'ref',
      merchantId: '1',
    });
  });

  it('resolves a relative address against the page', () => {
    const href = bossScreenHref(
      '/boss/',
      {
        token: 't',
        refreshToken: undefined,
        teamCode: 'c',
        teamName: 'n',
        teamId: null,
        merchantId: 2,
        userName: 'u',
        userId: 1,
      },
      'http://fleet.example.com',
    );
    expect(href.startsWith('http://fleet.example.com/boss/?token=t')).toBe(true);
    expect(new URL(href).searchParams.get('refreshToken')).toBe('');
  });
});
