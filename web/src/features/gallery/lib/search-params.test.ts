import { describe, expect, it } from 'vitest';
import { activeFilters, apiParamsOf, withParams } from './search-params.js';

describe('the /search URL as API parameters', () => {
  it('keeps the known names with a value, trimmed', () => {
    const url = new URLSearchParams('q=%20B-1234%20&type=7&cat=&evil=1&cursor=abc');
    expect(apiParamsOf(url)).toEqual({ q: 'B-1234', type: '7' });
  });

  it('leaves out the default order and an unknown one, keeps the others', () => {
    expect(apiParamsOf(new URLSearchParams('sort=accepted'))).toEqual({});
    expect(apiParamsOf(new URLSearchParams('sort=random'))).toEqual({});
    expect(apiParamsOf(new URLSearchParams('sort=likes'))).toEqual({ sort: 'likes' });
  });

  it('reads featured=1 and featured=true as editor’s choice only, anything else as all photos', () => {
    expect(apiParamsOf(new URLSearchParams('featured=true'))).toEqual({ featured: '1' });
    expect(apiParamsOf(new URLSearchParams('featured=1'))).toEqual({ featured: '1' });
    expect(apiParamsOf(new URLSearchParams('featured=0'))).toEqual({});
  });

  it('changes some parameters and keeps the rest', () => {
    const url = new URLSearchParams('q=a320&airport=3&sort=views');
    expect(withParams(url, { airport: null, cat: 'night', q: ' ' }).toString()).toBe('sort=views&cat=night');
  });

  it('lists the active filters without the free text and the order', () => {
    expect(activeFilters({ q: 'x', sort: 'views', reg: 'B1', featured: '1' })).toEqual(['reg', 'featured']);
  });
});
