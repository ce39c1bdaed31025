import { LEVELS } from '@contract/limits';
import {
  SCREENING_MESSAGES,
  type DecisionRequest,
  type LockInfo,
  type ScreeningEvent,
  type ScreeningView,
} from '@contract/screening';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type Answer } from '../../../testing/fetch-stub.js';
import { NOW, photo, PEK, pekAirports, screening } from '../../../testing/fixtures.js';
import { renderPage, signIn } from '../../../testing/render.js';
import { Component as ScreeningPhotoPage } from './screening-photo-page.js';

const SCREENER = { id: 4, username: '审图员甲', permission: LEVELS.screener };
const myLock: LockInfo = { holder: { id: SCREENER.id, username: SCREENER.username }, expiresAt: NOW + 300_000, mine: true };

function open(view: ScreeningView | Answer, more: Parameters<typeof stubApi>[0] = {}, viewer = SCREENER) {
  signIn(viewer);
  const id = 'photo' in view ? view.photo.id : 7;
  const api = stubApi({
    [`GET /screening/photos/${id}`]: 'photo' in view ? { body: view } : view,
    // Its file is gone: the page says so instead of the original.
    [`GET /photos/${id}/original`]: { status: 404, body: { message: '原图不存在', code: 'NOT_FOUND' } },
    [`POST /screening/photos/${id}/lock`]: { body: { message: SCREENING_MESSAGES.lockTaken, lock: myLock } },
    [`DELETE /screening/photos/${id}/lock`]: { body: { message: SCREENING_MESSAGES.lockReleased } },
    [`POST /screening/photos/${id}/decision`]: (r) => ({
      body: {
        message: (r.body as DecisionRequest).decision === 'accept' ? SCREENING_MESSAGES.accepted : SCREENING_MESSAGES.rejected,
        photo: photo(),
      },
    }),
    ...more,
  });
  const user = userEvent.setup();
  renderPage(ScreeningPhotoPage, { path: '/screen/photo/:id', url: `/screen/photo/${id}` });
  return { api, user };
}

const decisions = (api: ReturnType<typeof stubApi>) =>
  api.sent.filter((r) => r.path.endsWith('/decision')).map((r) => r.body as DecisionRequest);
const locked = () => screen.findByText('已锁定，页面打开期间自动续期');

describe('screening page', () => {
  it('claims the lock, then offers the decisions with the uploader’s message and record', async () => {
    const { api } = open(screening());
    await locked();
    for (const name of ['通过 (A)', '拒绝 (R)', '升级 (E)']) expect(screen.getByRole('button', { name })).toBeDefined();
    expect(screen.getByTestId('message-to-screener').textContent).toContain('逆光拍摄，请留意机身细节');
    expect(screen.getByText(/通过率 75%（近 8 次）/)).toBeDefined();
    expect(screen.getByTestId('photo-state').textContent).toBe('待审');
    expect(await screen.findByText('原图无法加载（被拒照片的文件会在 30 天后删除）')).toBeDefined();
    expect(api.calls('POST')).toEqual(['POST /screening/photos/7/lock']);
  });

  it('accepts with the A key and then offers 下一张', async () => {
    const { api, user } = open(screening());
    await locked();
    await user.keyboard('a');
    expect((await screen.findByTestId('decided')).textContent).toBe(SCREENING_MESSAGES.accepted);
    expect(decisions(api)).toEqual([{ decision: 'accept', reasons: [] }]);
    expect(screen.getByRole('button', { name: '下一张 (N)' })).toBeDefined();
    expect(screen.queryByRole('button', { name: '通过 (A)' })).toBeNull();
  });

  it('rejects only with a reason, and sends the reasons and the message', async () => {
    const { api, user } = open(screening());
    await locked();
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '拒绝 (Enter)' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(SCREENING_MESSAGES.reasonRequired);
    expect(decisions(api)).toEqual([]);
    await user.click(within(dialog).getByText('曝光不当'));
    await user.type(within(dialog).getByLabelText('给上传者的留言（可选）'), '机身发灰');
    await user.click(within(dialog).getByRole('button', { name: '拒绝 (Enter)' }));
    expect((await screen.findByTestId('decided')).textContent).toBe(SCREENING_MESSAGES.rejected);
    expect(decisions(api)).toEqual([{ decision: 'reject', reasons: ['exposure'], message: '机身发灰' }]);
  });

  it('sends a corrected airport with the decision, and no other fact', async () => {
    const airports = pekAirports();
    const { api, user } = open(screening(), { 'GET /airports': { body: airports } });
    await locked();
    await user.click(screen.getByRole('button', { name: /修正信息/ }));
    const form = screen.getByTestId('facts-correction');
    await user.click(within(form).getByRole('combobox', { name: '机场' }));
    await user.keyboard('PEK');
    await user.click(await screen.findByText('北京首都 ZBAA/PEK', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByRole('button', { name: '通过 (A)' }));
    await screen.findByTestId('decided');
    expect(decisions(api)).toEqual([{ decision: 'accept', reasons: [], facts: { airportId: PEK.id } }]);
  });

  // Issue 34, item 15: corrections typed before 升级 went with it unsaid, and the history wrote `#27`.
  it('sends no correction with 升级 and says so in the dialog, naming what was corrected', async () => {
    const airports = pekAirports();
    const { api, user } = open(screening(), { 'GET /airports': { body: airports } });
    await locked();
    await user.click(screen.getByRole('button', { name: /修正信息/ }));
    const form = screen.getByTestId('facts-correction');
    expect(form.textContent).toContain('修正随“通过”或“拒绝”一起保存，不随“升级”发送');
    await user.click(within(form).getByRole('combobox', { name: '机场' }));
    await user.keyboard('PEK');
    await user.click(await screen.findByText('北京首都 ZBAA/PEK', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByRole('button', { name: '升级 (E)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('escalate-corrections').textContent).toBe(
      '你修正的机场不会随升级保存：信息修正随“通过”或“拒绝”提交。请把要修正的内容写在说明里，由资深审图员决定时修正。',
    );
    await user.type(within(dialog).getByLabelText('说明（必填，资深审图员会看到）'), '机场应为北京首都');
    await user.click(within(dialog).getByRole('button', { name: '升级 (Ctrl+Enter)' }));
    await waitFor(() => expect(decisions(api)).toEqual([{ decision: 'escalate', reasons: [], message: '机场应为北京首都' }]));
  });

  it('writes the history with the names of the corrected entries, not their ids', async () => {
    const corrected: ScreeningEvent = {
      id: 2,
      actor: { id: 5, username: '审图员丙' },
      from: 'pending',
      to: 'rejected',
      reasons: [],
      message: null,
      facts: { airportId: [27, PEK.id], airlineId: [null, 31] },
      labels: {
        airportId: ['上海浦东国际机场 ZSPD/PVG', PEK.label] as [string, string],
        airlineId: [null, '中国国际航空'] as [null, string],
      },
      at: NOW,
    };
    open(screening({ history: [corrected] }));
    const history = await screen.findByTestId('history');
    expect(history.textContent).toContain('机场：上海浦东国际机场 ZSPD/PVG → 北京首都 ZBAA/PEK');
    expect(history.textContent).toContain('航司：空 → 中国国际航空');
    expect(history.textContent).not.toContain('#27');
  });

  // Issue 34, item 14: keys for every reason, and 撤销 for 10 s after a decision.
  it('toggles every reject reason by a key, the eleventh to the twenty-second by letters', async () => {
    const { api, user } = open(screening());
    await locked();
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog');
    const keys = within(dialog)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')!.querySelector('kbd')?.textContent);
    expect(keys).toEqual([...'1234567890', ...'QWERTYUIOP', 'A', 'S']);
    await user.keyboard('qa');
    await user.keyboard('{Enter}');
    await screen.findByTestId('decided');
    expect(decisions(api)).toEqual([{ decision: 'reject', reasons: ['horizon', 'quality'] }]);
  });

  it('offers 撤销 in the notice after an acceptance; it puts the photo back to decide again', async () => {
    const undone = { body: { message: SCREENING_MESSAGES.undone, photo: photo(), undoable: false } };
    const { api, user } = open(screening(), {
      'POST /screening/photos/7/decision': { body: { message: SCREENING_MESSAGES.accepted, photo: photo(), undoable: true } },
      'POST /screening/photos/7/undo': undone,
    });
    await locked();
    await user.keyboard('a');
    await screen.findByTestId('decided');
    const notice = (await screen.findByText(SCREENING_MESSAGES.accepted, { selector: '.notice' })) as HTMLElement;
    await user.click(within(notice).getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(api.calls('POST')).toContain('POST /screening/photos/7/undo'));
    expect(await screen.findByText(SCREENING_MESSAGES.undone, { selector: '.notice' })).toBeDefined();
    expect(await screen.findByRole('button', { name: '通过 (A)' })).toBeDefined();
    expect(screen.queryByTestId('decided')).toBeNull();
  });

  it('offers no 撤销 when the server says the decision cannot be taken back', async () => {
    const { user } = open(screening(), {
      'POST /screening/photos/7/decision': { body: { message: SCREENING_MESSAGES.accepted, photo: photo(), undoable: false } },
    });
    await locked();
    await user.keyboard('a');
    const notice = (await screen.findByText(SCREENING_MESSAGES.accepted, { selector: '.notice' })) as HTMLElement;
    expect(within(notice).queryByRole('button', { name: '撤销' })).toBeNull();
  });

  it('refuses a corrected registration the contract refuses, says why and sends nothing', async () => {
    const { api, user } = open(screening());
    await locked();
    await user.click(screen.getByRole('button', { name: /修正信息/ }));
    const registration = within(screen.getByTestId('facts-correction')).getByLabelText('注册号');
    await user.clear(registration);
    await user.type(registration, '机号 1234');
    await user.click(screen.getByRole('button', { name: '收起修正' }));
    await user.keyboard('a');
    const message = '注册号只能包含字母、数字和连字符（1–15 位）';
    await waitFor(() => expect(screen.getAllByText(message).length).toBe(2)); // the notice and the field
    expect(screen.getByTestId('facts-correction').closest('[hidden]')).toBeNull();
    expect(decisions(api)).toEqual([]);
    await user.clear(registration);
    await user.type(registration, 'b-4321');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: '通过 (A)' }));
    await screen.findByTestId('decided');
    expect(decisions(api)).toEqual([{ decision: 'accept', reasons: [], facts: { registration: 'B-4321' } }]);
  });

  it('is read-only while another screener holds the photo, and takes no lock', async () => {
    const lock = { holder: { id: 9, username: '审图员乙' }, expiresAt: NOW + 120_000, mine: false };
    const { api } = open(screening({ lock }));
    expect((await screen.findByTestId('locked-by-other')).textContent).toContain('正由 审图员乙 审核');
    expect(screen.getByText(/此页只读/)).toBeDefined();
    expect(screen.queryByRole('button', { name: '通过 (A)' })).toBeNull();
    expect(screen.getByRole('button', { name: '下一张 (N)' })).toBeDefined();
    expect(api.calls('POST')).toEqual([]);
  });

  it('says the lock was refused and offers to take it again', async () => {
    const refused = { status: 409, body: { message: SCREENING_MESSAGES.lockedByOther, code: 'CONFLICT' } };
    const { user, api } = open(screening(), { 'POST /screening/photos/7/lock': refused });
    expect(await screen.findByText('未能领取这张照片')).toBeDefined();
    expect(screen.getByText(SCREENING_MESSAGES.lockedByOther)).toBeDefined();
    expect(screen.queryByRole('button', { name: '通过 (A)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '重新领取' }));
    await waitFor(() => expect(api.calls('POST').length).toBe(2));
  });

  it('tells a screener why they cannot decide their own photo', async () => {
    // The server says why (server/src/policies/screening.ts); the page shows its words.
    open(screening({ allowed: [], readOnlyReason: SCREENING_MESSAGES.ownPhoto }), {}, { ...SCREENER, id: photo().uploader.id });
    expect(await screen.findByText(SCREENING_MESSAGES.ownPhoto)).toBeDefined();
    expect(screen.queryByRole('button', { name: /修正信息/ })).toBeNull();
  });

  it('says a photo that does not exist does not exist', async () => {
    open({ status: 404, body: { message: '图片不存在', code: 'NOT_FOUND' } });
    expect(await screen.findByRole('heading', { name: '图片不存在' })).toBeDefined();
    expect(screen.getByRole('link', { name: '返回审图队列' })).toBeDefined();
  });

  it('keeps the upload’s facts rules when correcting: a date is required', async () => {
    const { api, user } = open(screening());
    await locked();
    await user.click(screen.getByRole('button', { name: /修正信息/ }));
    await user.clear(within(screen.getByTestId('facts-correction')).getByTestId('taken-on'));
    await user.keyboard('a');
    expect(await within(screen.getByTestId('facts-correction')).findByText('请选择拍摄日期')).toBeDefined();
    expect(decisions(api)).toEqual([]);
  });
});
