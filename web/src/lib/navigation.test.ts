import { describe, expect, it } from 'vitest';
import { navigateTo, setNavigator } from './navigation.js';

describe('navigateTo', () => {
  it('keeps a navigation asked for before the router exists and hands it to the router once registered', () => {
    const before = window.location.href;
    navigateTo('/AccountStop');
    // No full-page load was started: the router's first history write would cancel it.
    expect(window.location.href).toBe(before);
    const seen: string[] = [];
    setNavigator((to) => seen.push(to));
    expect(seen).toEqual(['/AccountStop']);
    navigateTo('/maintenance', { replace: true });
    expect(seen).toEqual(['/AccountStop', '/maintenance']);
  });
});
