import { describe, expect, it } from 'vitest';
import { linePaths } from './linePaths';

describe('line page paths', () => {
  it('keeps each menu set together', () => {
    expect(linePaths('/car-dispatch/route')).toMatchObject({ add: '/car-dispatch/route/addNewLine' });
    expect(linePaths('/car-dispatch/route/editNewLine')).toMatchObject({ list: '/car-dispatch/route' });
    expect(linePaths('/smart-coal/route/edit')).toEqual({
      list: '/smart-coal/route',
      add: '/smart-coal/route/add',
      edit: '/smart-coal/route/edit',
    });
    expect(linePaths('/tc/route')).toMatchObject({ edit: '/tc/route/edit' });
    expect(linePaths('/tc/routeX')).toMatchObject({ list: '/car-dispatch/route' });
  });
});
