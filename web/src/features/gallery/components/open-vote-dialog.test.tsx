import { MANAGE_MESSAGES } from '@contract/manage';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub.js';
import { photo } from '../../../testing/fixtures.js';
import { renderPage, signIn } from '../../../testing/render.js';
import OpenVoteDialog from './open-vote-dialog.js';

const ACCEPTED = photo({ state: 'accepted', decidedAt: 1 });

// Issue 34, item 20: the screener who opened a vote had not voted in it. Opening is their 赞成 now,
// and the dialog says so before they open it.
describe('the dialog that opens an editor’s-choice vote', () => {
  it('says opening counts the opener’s 赞成, and opens the vote with the reason', async () => {
    signIn({ id: 4, permission: 1 });
    const api = stubApi({ 'POST /votes': { body: { message: MANAGE_MESSAGES.voteOpened, vote: {} } } });
    const onClose = vi.fn();
    renderPage(() => <OpenVoteDialog photo={ACCEPTED} onClose={onClose} />, { path: '/photo/:id', url: `/photo/${ACCEPTED.id}` });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('发起即投出你的赞成票（+1），截止前可以改');
    await userEvent.setup().type(within(dialog).getByLabelText('理由'), '逆光下的漂亮侧面');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: '发起投票' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent.map((r) => r.body)).toEqual([{ photoId: ACCEPTED.id, reason: '逆光下的漂亮侧面' }]);
  });
});
