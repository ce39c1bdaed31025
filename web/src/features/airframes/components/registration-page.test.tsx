import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub.js';
import { renderPage } from '../../../testing/render.js';
import { Component as RegistrationPage } from './registration-page.js';

describe('/reg/{registration}', () => {
  it('writes the registration of the address as its country does: /reg/b30ee is B-30EE', async () => {
    const api = stubApi({ 'GET /airframes': { body: { items: [], nextCursor: null } } });
    renderPage(RegistrationPage, { path: '/reg/:registration', url: '/reg/b30ee' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('B-30EE');
    expect(await screen.findByTestId('registration-empty')).toBeDefined();
    expect(screen.getByRole('link', { name: '这个注册号的全部照片' }).getAttribute('href')).toBe('/search?reg=B-30EE&sort=taken');
    expect(api.sent.find((r) => r.path === '/airframes')!.url.searchParams.get('reg')).toBe('B-30EE');
  });

  it('keeps a registration no country writes so as typed, upper-cased', () => {
    stubApi({ 'GET /airframes': { body: { items: [], nextCursor: null } } });
    renderPage(RegistrationPage, { path: '/reg/:registration', url: '/reg/za147' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ZA147');
  });
});
