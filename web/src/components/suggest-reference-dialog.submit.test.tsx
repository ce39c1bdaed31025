import { refItemLabel, type Airline } from '@contract/reference';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, type Answer } from '../testing/fetch-stub.js';
import { renderPage, signIn } from '../testing/render.js';
import { AntdProvider } from './antd-provider.js';
import { SuggestReferenceDialog } from './suggest-reference-dialog.js';

const kish: Airline = {
  id: 40,
  icao: 'IRK',
  iata: 'Y9',
  nameZh: null,
  nameEn: 'Kish Air',
  country: 'Iran',
  shortZh: null,
  active: false,
  status: 'available',
};

function open(answer: Answer, holder: Airline) {
  signIn();
  const api = stubApi({
    'GET /airlines': { body: { items: [holder], nextCursor: null } },
    'POST /airlines': answer,
  });
  const picked = vi.fn();
  renderPage(
    () => (
      <AntdProvider>
        <SuggestReferenceDialog
          kind="airlines"
          typed="Y9"
          label={(item) => refItemLabel('airlines', item)}
          onPicked={picked}
          onClose={() => undefined}
        />
      </AntdProvider>
    ),
    { path: '/' },
  );
  return { api, picked, user: userEvent.setup() };
}

const posts = (api: ReturnType<typeof stubApi>) => api.sent.filter((r) => r.method === 'POST').map((r) => r.body);

// Issue 34, item 12: an airline whose IATA code a ceased airline also had was shown that airline, and
// 提交 then did nothing, however often it was pressed.
describe('the suggestion dialog when another airline has the code', () => {
  it('offers the ceased airline once, then sends the suggestion with the shared code', async () => {
    const created = { ...kish, id: 41, icao: null, nameEn: 'Y9 Air', active: true, status: 'pending' as const };
    const { api, picked, user } = open({ body: { message: '已提交，审核通过前仅你可见', item: created } }, kish);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('英文名'), 'Y9 Air');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    const offer = await within(dialog).findByTestId('existing-entry');
    expect(offer.textContent).toContain(`已停止运营的航空公司也用过这个代码：${refItemLabel('airlines', kish)}`);
    expect(offer.textContent).toContain('不是同一家就按“仍然提交”');
    expect(posts(api)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '仍然提交' }));
    await waitFor(() => expect(picked).toHaveBeenCalledWith(created));
    expect(posts(api)).toEqual([{ iata: 'Y9', nameEn: 'Y9 Air' }]);
  });

  it('shows why the server refused a code a flying airline holds, under the field and above the form', async () => {
    const refused = {
      status: 409,
      body: {
        message: '已存在相同代码的航空公司',
        code: 'CONFLICT',
        issues: [{ path: ['iata'], message: '已存在相同代码的航空公司' }],
      },
    };
    const { api, picked, user } = open(refused, { ...kish, active: true });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('英文名'), 'Y9 Air');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect((await within(dialog).findByTestId('existing-entry')).textContent).toContain(
      '已有航空公司使用这个代码：Kish Air IRK/Y9',
    );
    await user.click(within(dialog).getByRole('button', { name: '仍然提交' }));
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    const error = await within(dialog).findByTestId('suggest-refused');
    expect(error.textContent).toContain('未能提交：已存在相同代码的航空公司');
    expect(within(dialog).getAllByText('已存在相同代码的航空公司').length).toBeGreaterThanOrEqual(1);
    expect(picked).not.toHaveBeenCalled();
    // The entry that has the code is still there to pick.
    await user.click(within(dialog).getByTestId('pick-existing'));
    expect(picked).toHaveBeenCalledWith({ ...kish, active: true });
  });
});
