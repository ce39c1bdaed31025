import { PHOTO_MESSAGES, type PhotoEdit } from '@contract/photos';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub.js';
import { photo } from '../../../testing/fixtures.js';
import { renderPage, signIn } from '../../../testing/render.js';
import OwnerDialogs from './owner-dialogs.js';

const ACCEPTED = photo({ state: 'accepted', decidedAt: 1 });

function open(shown = ACCEPTED) {
  signIn({ id: shown.uploader.id });
  const api = stubApi({
    [`PUT /photos/${shown.id}`]: (r) => ({
      body: { message: PHOTO_MESSAGES.backToQueue, photo: { ...shown, ...(r.body as PhotoEdit), state: 'pending' } },
    }),
  });
  const onClose = vi.fn();
  renderPage(() => <OwnerDialogs which="edit" photo={shown} onClose={onClose} onDeleted={() => undefined} />, {
    path: '/photo/:id',
    url: `/photo/${shown.id}`,
  });
  return { api, onClose, user: userEvent.setup() };
}

const edits = (api: ReturnType<typeof stubApi>) => api.sent.filter((r) => r.method === 'PUT').map((r) => r.body);

describe("the owner's edit dialog", () => {
  it('warns that a key fact sends an accepted photo back to screening, and sends only what changed', async () => {
    const { api, onClose, user } = open();
    const warning = await screen.findByTestId('edit-warning');
    expect(warning.textContent).toContain('修改注册号、机型、航司或机场会让图片重新进入审图队列');
    const form = within(screen.getByTestId('edit-form'));
    await user.clear(form.getByLabelText('注册号'));
    await user.type(form.getByLabelText('注册号'), 'b-2999');
    await waitFor(() => expect(screen.getByTestId('edit-warning').textContent).toContain('保存后图片将撤下并重新进入审图队列'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(edits(api)).toEqual([{ registration: 'B-2999' }]);
    expect(await screen.findByText(PHOTO_MESSAGES.backToQueue)).toBeDefined();
  });

  it('closes without a request when nothing changed', async () => {
    const { api, onClose, user } = open();
    await screen.findByTestId('edit-form');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(edits(api)).toEqual([]);
  });

  it('applies the upload’s rules: a photo keeps its type', async () => {
    const { api, user } = open(photo());
    const form = within(await screen.findByTestId('edit-form'));
    expect(screen.queryByTestId('edit-warning')).toBeNull();
    await user.click(form.getByTestId('select-aircraft-types').querySelector('.ant-select-clear')!);
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await form.findByText('请选择机型')).toBeDefined();
    expect(edits(api)).toEqual([]);
  });
});
