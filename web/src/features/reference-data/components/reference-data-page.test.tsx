import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub.js';
import { pekAirports } from '../../../testing/fixtures.js';
import { renderPage, signIn } from '../../../testing/render.js';
import { Component as ReferenceDataPage } from './reference-data-page.js';

const COUNTRIES = {
  items: [
    { code: 'CN', name: 'China' },
    { code: 'IS', name: 'Iceland' },
    { code: 'TW', name: 'Taiwan' },
  ],
};

function open(url: string) {
  signIn({ permission: 1 });
  const reykjavik = {
    id: 71,
    icao: 'BIRK',
    iata: 'RKV',
    nameZh: null,
    nameEn: 'Reykjavik Airport',
    city: 'Reykjavik',
    country: 'Iceland',
    cityZh: null,
    regionZh: null,
    status: 'pending',
    suggestedBy: { id: 5, username: '拍机少年' },
    suggestedAt: Date.UTC(2025, 4, 1),
  };
  const airline = {
    id: 72,
    icao: 'ZQX',
    iata: null,
    nameZh: '测试航空',
    nameEn: 'Test Air',
    // A spelling of the airline data that the countries list writes otherwise.
    country: 'Ivory Coast',
    shortZh: null,
    active: true,
    status: 'pending',
    suggestedBy: null,
    suggestedAt: Date.UTC(2025, 4, 2),
  };
  const api = stubApi({
    'GET /airports': { body: pekAirports() },
    'GET /reference/countries': { body: COUNTRIES },
    'GET /reference/pending': { body: { airports: [reykjavik], airlines: [airline], aircraftTypes: [] } },
  });
  renderPage(ReferenceDataPage, { path: '/manage/data', url });
  return api;
}

describe('/manage/data', () => {
  it('names the countries of the entries in Chinese', async () => {
    open('/manage/data');
    const row = await screen.findByRole('row', { name: /北京首都/ });
    expect(await within(row).findByText('中国')).toBeDefined();
    expect(within(row).queryByText('China')).toBeNull();
  });

  it('names the countries of the members’ suggestions in Chinese', async () => {
    open('/manage/data?tab=pending');
    const [airport, airline] = await screen.findAllByTestId('suggestion');
    expect(await within(airport!).findByText('冰岛')).toBeDefined();
    expect(airport!.textContent).not.toContain('Iceland');
    expect(await within(airline!).findByText('科特迪瓦')).toBeDefined();
  });
});
