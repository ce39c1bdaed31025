import { beforeEach, describe, expect, it } from 'vitest';
import { apiBase } from './api-base.js';

describe('apiBase', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.__CONTRAIL__ = { apiHostCN: 'https://cn.example.com', apiHostUS: 'https://us.example.com' };
  });

  it('uses the China host without a choice, and for any value other than US', () => {
    expect(apiBase('')).toBe('https://cn.example.com/api/v1');
    expect(apiBase('?server=EU')).toBe('https://cn.example.com/api/v1');
  });

  it('uses the overseas host for ?server=US and keeps the choice for the tab', () => {
    expect(apiBase('?server=US')).toBe('https://us.example.com/api/v1');
    expect(apiBase('')).toBe('https://us.example.com/api/v1');
    expect(apiBase('?server=CN')).toBe('https://cn.example.com/api/v1');
    expect(apiBase('')).toBe('https://cn.example.com/api/v1');
  });

  it('falls back to the page origin when the hosts are not configured', () => {
    window.__CONTRAIL__ = {};
    expect(apiBase('?server=US')).toBe('/api/v1');
  });
});
