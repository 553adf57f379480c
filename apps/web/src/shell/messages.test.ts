import { describe, expect, it } from 'vitest';
import { jumpTarget } from './messages';

const origin = 'http://fleet.example.com';

describe('jumpTarget', () => {
  it('navigates on a Jump from the energy-saving page with its query', () => {
    expect(
      jumpTarget(
        {
          from: 'energy-saving',
          type: 'Jump',
          path: '/tco/index',
          query: { carNo: '京A12345', ids: [1, 2] },
        },
        origin,
        origin,
      ),
    ).toEqual({ pathname: '/tco/index', search: '?carNo=%E4%BA%ACA12345&ids=1&ids=2' });
    expect(jumpTarget({ from: 'energy-saving', type: 'Jump', path: '/a' }, origin, origin)).toEqual({
      pathname: '/a',
      search: '',
    });
  });

  it('ignores other windows, other senders, other types and paths off the site', () => {
    const jump = { from: 'energy-saving', type: 'Jump', path: '/a' };
    expect(jumpTarget(jump, 'http://evil.example', origin)).toBeUndefined();
    expect(jumpTarget({ ...jump, from: 'other' }, origin, origin)).toBeUndefined();
    expect(jumpTarget({ ...jump, type: 'Close' }, origin, origin)).toBeUndefined();
    expect(jumpTarget({ ...jump, path: 'https://evil.example' }, origin, origin)).toBeUndefined();
    expect(jumpTarget({ ...jump, path: '//evil.example' }, origin, origin)).toBeUndefined();
    expect(jumpTarget('Jump', origin, origin)).toBeUndefined();
    expect(jumpTarget(null, origin, origin)).toBeUndefined();
  });
});
