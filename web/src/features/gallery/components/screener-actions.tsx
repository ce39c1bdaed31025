import type { PhotoResponse } from '@contract/photos';
import { Link } from 'react-router';
import { formatTime } from '../../../lib/screening-texts.js';
import { usePhotoVote } from '../../../lib/votes.js';

/** The photo page's dialogs that screeners open from its actions. */
export type ScreenerDialog = 'vote' | 'potw';

/** Level ≥ 1 on an accepted photo: the open editor's-choice vote, or a button to open one. */
function VoteAction({ photo, onDialog }: { photo: PhotoResponse; onDialog: (d: ScreenerDialog) => void }) {
  const { data: vote, isPending } = usePhotoVote(photo.id, true);
  if (isPending) return null;
  if (vote)
    return (
      <Link className="btn" to="/manage/vote" data-testid="vote-open" title={`理由：${vote.reason}`}>
        投票中 · 截止 {formatTime(vote.closesAt)}
        {vote.myBallot === null ? '' : vote.myBallot === 1 ? '（我：赞成）' : '（我：反对）'}
      </Link>
    );
  return (
    <button type="button" className="btn" onClick={() => onDialog('vote')} data-testid="vote-button">
      发起投票
    </button>
  );
}

/** What screeners may do with someone else's accepted photo: a vote (level ≥ 1), photo of the week (level ≥ 2). */
export function ScreenerActions({ photo, onDialog }: { photo: PhotoResponse; onDialog: (d: ScreenerDialog) => void }) {
  // What this viewer may do is the server's answer (photo.can, server/src/policies/photos.ts).
  if (!photo.can?.openVote && !photo.can?.pickPotw) return null;
  return (
    <>
      {photo.can.openVote && <VoteAction photo={photo} onDialog={onDialog} />}
      {photo.can.pickPotw && (
        <button type="button" className="btn" onClick={() => onDialog('potw')} data-testid="potw-button">
          选为每周图片
        </button>
      )}
    </>
  );
}
