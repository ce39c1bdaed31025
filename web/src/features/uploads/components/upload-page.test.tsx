import { FACTS_LIMITS, PHOTO_MESSAGES } from '@contract/photos';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub.js';
import { A320, AIR_CHINA, uploadQueue } from '../../../testing/fixtures.js';
import { renderPage, signIn } from '../../../testing/render.js';
import { Component as UploadPage } from './upload-page.js';

function open(slots: Parameters<typeof uploadQueue>[0] = {}, routes: Parameters<typeof stubApi>[0] = {}) {
  signIn();
  const api = stubApi({
    'GET /queue/upload': { body: uploadQueue(slots) },
    'GET /user/me/phone': { body: { phone: null, verified: false, required: false } },
    ...routes,
  });
  const user = userEvent.setup();
  renderPage(UploadPage, { path: '/upload' });
  return { api, user };
}

const form = () => screen.getByTestId('upload-form');
/** The whole form, its facts' fields with it. */
const formReady = async () => {
  await screen.findByTestId('upload-form');
  await screen.findByTestId('upload-facts');
};
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: '上传' }));

describe('upload page', () => {
  it('says 加载中… until the member’s slots are known, then offers the queues with what is left', async () => {
    open({ normal: 10, normalUsed: 3, priority: 2, priorityUsed: 2 });
    expect(screen.getByText('加载中…')).toBeDefined();
    await formReady();
    expect(screen.getByLabelText('普通队列（剩余 7）')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('优先队列（剩余 0）')).toHaveProperty('disabled', true);
    expect(screen.queryByText(/队列已满/)).toBeNull();
  });

  it('with 实名验证 on, leads a member without a verified phone to verify one instead of the form', async () => {
    open({}, { 'GET /user/me/phone': { body: { phone: null, verified: false, required: true } } });
    const gate = await screen.findByTestId('phone-gate');
    expect(gate.textContent).toContain('发布内容前需要先验证手机号');
    expect(within(gate).getByRole('link', { name: '去验证手机号' }).getAttribute('href')).toMatch(
      /^\/user\/\d+\?settings=phone$/,
    );
    expect(screen.queryByTestId('upload-form')).toBeNull();
  });

  it('says the queue is full and will not upload when no slot is left', async () => {
    open({ normal: 10, normalUsed: 10 });
    await formReady();
    expect(screen.getByText(/队列已满：等待审核的图片已占满你的名额/)).toBeDefined();
    expect(screen.getByRole('button', { name: '上传' })).toHaveProperty('disabled', true);
  });

  it('asks for a photo and for every missing fact before sending anything', async () => {
    const { api, user } = open();
    await formReady();
    await submit(user);
    expect((await screen.findByTestId('file-error')).textContent).toBe(PHOTO_MESSAGES.missingFile);
    const messages = within(form());
    await messages.findByText('请输入注册号，或勾选“无注册号”');
    expect(messages.getByText('请选择机型')).toBeDefined();
    expect(messages.getByText(PHOTO_MESSAGES.airportRequired)).toBeDefined();
    expect(messages.getByText('请选择拍摄日期')).toBeDefined();
    expect(api.calls('POST')).toEqual([]);
  });

  it('refuses a registration longer than 15 characters with the contract’s message', async () => {
    const { user } = open();
    await formReady();
    const registration = screen.getByLabelText('注册号');
    await user.type(registration, 'b-12345678901234');
    expect(registration).toHaveProperty('value', 'B-12345678901234');
    expect(await within(form()).findByText('注册号只能包含字母、数字和连字符（1–15 位）')).toBeDefined();
  });

  it('takes 无注册号 instead of a registration, and 空中拍摄 instead of an airport', async () => {
    const { user } = open();
    await formReady();
    await submit(user);
    await within(form()).findByText('请输入注册号，或勾选“无注册号”');
    await user.click(screen.getByLabelText('无注册号'));
    await user.click(screen.getByLabelText('空中拍摄'));
    // Ant Design lets a message fold away (at most 500 ms in jsdom, which runs no animation).
    await waitFor(() => {
      expect(within(form()).queryByText('请输入注册号，或勾选“无注册号”')).toBeNull();
      expect(within(form()).queryByText(PHOTO_MESSAGES.airportRequired)).toBeNull();
    });
    expect(screen.getByLabelText('注册号')).toHaveProperty('disabled', true);
  });

  it('asks the military word afresh each time 军用航空器 is ticked, its message only after 上传', async () => {
    const { user } = open();
    await formReady();
    const military = () => screen.queryByTestId('military-confirm');
    await user.click(screen.getByLabelText('军用航空器'));
    expect(military()).not.toBeNull();
    expect(within(form()).queryByText(PHOTO_MESSAGES.militaryUnconfirmed)).toBeNull();
    await submit(user);
    expect(within(form()).getByText(PHOTO_MESSAGES.militaryUnconfirmed)).toBeDefined();
    // Unticked, then ticked again: the box is back unticked, and nothing is said until 上传 again.
    await user.click(screen.getByLabelText('军用航空器'));
    expect(military()).toBeNull();
    await user.click(screen.getByLabelText('军用航空器'));
    expect(military()).toHaveProperty('checked', false);
    expect(within(form()).queryByText(PHOTO_MESSAGES.militaryUnconfirmed)).toBeNull();
  });

  it(`holds an MSN to ${FACTS_LIMITS.msnMax} characters and the public remark to ${FACTS_LIMITS.remarkMax}`, async () => {
    const { user } = open();
    await formReady();
    await user.type(screen.getByLabelText('MSN（出厂序列号）'), 'x'.repeat(FACTS_LIMITS.msnMax + 1));
    expect(await within(form()).findByText(`最多 ${FACTS_LIMITS.msnMax} 个字符`)).toBeDefined();
    expect(screen.getByLabelText('公开说明').getAttribute('maxlength')).toBe(String(FACTS_LIMITS.remarkMax));
  });

  it('refuses a file that is not a JPEG with the server’s own reason', async () => {
    const { user } = open();
    await formReady();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'plane.jpg', { type: 'image/jpeg' });
    await user.upload(form().querySelector<HTMLInputElement>('input[type=file]')!, png);
    expect((await screen.findByTestId('file-error')).textContent).toBe(PHOTO_MESSAGES.notJpeg);
  });

  it('offers the facts last recorded for a registration and fills them in on 填入', async () => {
    const { user, api } = open(
      {},
      {
        'GET /registrations/B-5678': {
          body: { found: true, registration: 'B-5678', msn: '40123', aircraftType: A320, airline: AIR_CHINA },
        },
        'GET /airframes/resolve': { body: { outcome: 'new', candidates: [] } },
      },
    );
    await formReady();
    await user.type(screen.getByLabelText('注册号'), 'b-5678');
    const offer = await screen.findByText('B-5678 上次记录：Airbus A320，中国国际航空，MSN 40123', {}, { timeout: 3000 });
    await user.click(
      within(offer.closest('[data-testid=registration-offer]') as HTMLElement).getByRole('button', { name: '填入' }),
    );
    expect(screen.getByLabelText('MSN（出厂序列号）')).toHaveProperty('value', '40123');
    expect(screen.getByTestId('select-aircraft-types').textContent).toContain('Airbus A320');
    expect(screen.getByTestId('select-airlines').textContent).toContain('中国国际航空');
    // Filled once: the offer goes away for this registration.
    await waitFor(() => expect(screen.queryByText(/B-5678 上次记录/)).toBeNull());
    expect(api.unanswered).toEqual([]);
  });

  it('asks which aircraft the photo shows when two carried the registration, and says when it will be a new one', async () => {
    const airframe = (id: number, msn: string, from: string, to: string) => ({
      id,
      aircraftType: A320,
      msn,
      modeS: null,
      modeSFromRegistration: false,
      lineNumber: null,
      builtYear: null,
      status: 'active',
      registrations: ['B-7777'],
      operator: AIR_CHINA,
      firstTakenOn: from,
      lastTakenOn: to,
      photoCount: 3,
      cover: null,
    });
    const { user, api } = open(
      {},
      {
        // Typed key by key: on a slow machine a registration typed halfway (B-600) is looked up too, and
        // the server knows none of them.
        ...Object.fromEntries(
          ['B-7777', 'B-6001'].flatMap((reg) =>
            [...reg]
              .map((_, i) => reg.slice(0, i + 1))
              .map((typed) => [
                `GET /registrations/${typed}`,
                { body: { found: false, registration: typed, msn: null, aircraftType: null, airline: null } },
              ]),
          ),
        ),
        'GET /airframes/resolve': (r) =>
          r.url.searchParams.get('reg') === 'B-7777'
            ? {
                body: {
                  outcome: 'ambiguous',
                  candidates: [
                    airframe(11, '1111', '2010-01-01', '2011-05-01'),
                    airframe(12, '2222', '2015-01-01', '2016-02-01'),
                  ],
                },
              }
            : { body: { outcome: 'new', candidates: [] } },
      },
    );
    await formReady();
    await user.type(screen.getByLabelText('注册号'), 'B-7777');
    // The field may first show the answer for a registration typed halfway (B-777 is a new one): the
    // answer for the whole of it follows.
    await waitFor(() => expect(screen.getByTestId('airframe-field').textContent).toContain('这个注册号先后用在几架飞机上'), {
      timeout: 3000,
    });
    const field = screen.getByTestId('airframe-field');
    const choices = within(field).getAllByTestId('airframe-choice');
    expect(choices.map((c) => c.textContent)).toEqual([
      expect.stringContaining('MSN 1111 · 中国国际航空 · 3 张，2010-01-01 – 2011-05-01'),
      expect.stringContaining('MSN 2222'),
    ]);
    const radioOf = (label: HTMLElement) => within(label.closest('label')!).getByRole('radio');
    expect(radioOf(within(field).getByTestId('airframe-auto'))).toHaveProperty('checked', true);
    await user.click(choices[1]!);
    expect(radioOf(choices[1]!)).toHaveProperty('checked', true);

    await user.clear(screen.getByLabelText('注册号'));
    await user.type(screen.getByLabelText('注册号'), 'B-6001');
    await waitFor(() => expect(screen.getByTestId('airframe-field').textContent).toContain('图库中还没有这架飞机'), {
      timeout: 3000,
    });
    expect(api.unanswered).toEqual([]);
  });
});
