import { VOTE_FEATURE_NET, VOTE_HOURS, type Vote } from '@contract/manage';
import { Button, Empty, Form, Input, Popconfirm, Tabs, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.js';
import { registrationText } from '../../../components/photo-image.js';
import { PhotoThumb } from '../../../components/photo-thumb.js';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { formatTime } from '../../../lib/screening-texts.js';
import { useSession } from '../../../lib/use-session.js';
import { useOpenVote } from '../../../lib/votes.js';
import { useCancelVote } from '../api/cancel-vote.js';
import { useCastBallot } from '../api/cast-ballot.js';
import { useVotes, type VoteTab } from '../api/get-votes.js';
import './votes.css';

function timeLeft(closesAt: number): string {
  const hours = (closesAt - Date.now()) / 3_600_000;
  if (hours <= 0) return '即将结束';
  if (hours < 1) return '不到 1 小时后结束';
  return `还剩 ${Math.floor(hours)} 小时`;
}

function Result({ vote }: { vote: Vote }) {
  if (vote.state === 'cancelled') return <Tag data-testid="vote-result">已取消</Tag>;
  return (
    <span className="vote-result" data-testid="vote-result">
      <Tag color={vote.featured ? 'gold' : 'default'}>{vote.featured ? '入选编辑精选' : '未入选'}</Tag>
      净票数 {vote.net ?? 0}（{vote.ballots} 票）
    </span>
  );
}

function Ballot({ vote }: { vote: Vote }) {
  const cast = useCastBallot();
  const pending = cast.isPending ? cast.variables.value : null;
  return (
    <div className="vote-ballot">
      <span className="muted" data-testid="my-ballot">
        已有 {vote.ballots} 票 · 我的投票：{vote.myBallot === 1 ? '赞成' : vote.myBallot === -1 ? '反对' : '未投票'}
      </span>
      <Button
        type={vote.myBallot === 1 ? 'primary' : 'default'}
        aria-pressed={vote.myBallot === 1}
        loading={pending === 1}
        disabled={cast.isPending}
        onClick={() => cast.mutate({ voteId: vote.id, value: 1 })}
      >
        赞成 +1
      </Button>
      <Button
        type={vote.myBallot === -1 ? 'primary' : 'default'}
        danger={vote.myBallot === -1}
        aria-pressed={vote.myBallot === -1}
        loading={pending === -1}
        disabled={cast.isPending}
        onClick={() => cast.mutate({ voteId: vote.id, value: -1 })}
      >
        反对 −1
      </Button>
    </div>
  );
}

function VoteCard({ vote, senior, me }: { vote: Vote; senior: boolean; me: number | undefined }) {
  const cancel = useCancelVote();
  const { photo } = vote;
  const facts = photo && [photo.aircraftType?.label, photo.airline?.label, photo.inFlight ? '空中拍摄' : photo.airport?.label];
  return (
    <article className="queue-item vote-card" data-testid="vote-card" data-vote-id={vote.id}>
      {photo ? (
        <Link to={`/photo/${photo.id}`} className="vote-photo">
          <PhotoThumb
            thumbhash={photo.thumbhash}
            width={photo.width}
            height={photo.height}
            renditions={photo.renditions}
            alt={registrationText(photo.registration)}
            size={240}
          />
        </Link>
      ) : (
        <div className="vote-photo vote-photo-gone muted">图片已删除</div>
      )}
      <div className="facts">
        <h3>
          {photo ? <Link to={`/photo/${photo.id}`}>{registrationText(photo.registration)}</Link> : `图片 ${vote.photoId}`}
          {photo?.featured && vote.state === 'open' && <Tag color="gold">已是编辑精选</Tag>}
        </h3>
        {photo && (
          <p>
            {facts?.filter(Boolean).join(' · ')}
            {' · '}摄影师 <Link to={`/user/${photo.uploader.id}`}>{photo.uploader.username}</Link>
          </p>
        )}
        <p className="vote-reason">理由：{vote.reason}</p>
        <p className="muted">
          {vote.openedBy.username} 发起于 {formatTime(vote.openedAt)}
          {vote.state === 'open'
            ? ` · 截止 ${formatTime(vote.closesAt)}（${timeLeft(vote.closesAt)}）`
            : vote.closedAt && ` · 结束于 ${formatTime(vote.closedAt)}`}
        </p>
        {vote.state === 'open' ? (
          <div className="vote-actions">
            {photo?.uploader.id === me ? (
              <span className="muted" data-testid="my-ballot">
                已有 {vote.ballots} 票 · 这是你的照片，不能投票
              </span>
            ) : (
              <Ballot vote={vote} />
            )}
            {senior && (
              <Popconfirm
                title="取消这次投票？"
                description="取消后不再计票，图片不会因此入选。"
                okText="取消投票"
                cancelText="不取消"
                okButtonProps={{ danger: true }}
                // A refusal is shown by the request helper's notice; the confirm just closes.
                onConfirm={() => cancel.mutateAsync(vote.id).catch(() => undefined)}
              >
                <Button danger type="link" data-testid="cancel-vote">
                  取消投票
                </Button>
              </Popconfirm>
            )}
          </div>
        ) : (
          <Result vote={vote} />
        )}
      </div>
    </article>
  );
}

/** The photo's number from what a screener pastes: `123`, or a photo page's address (…/photo/123). */
function photoIdOf(text: string): number | null {
  const m = /^(\d{1,10})$/.exec(text.trim()) ?? /\/photo\/(\d{1,10})\/?(?:[?#].*)?$/.exec(text.trim());
  const id = m ? Number(m[1]) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

function OpenVoteForm({ onOpened }: { onOpened: () => void }) {
  const [form] = Form.useForm<{ photo: string; reason: string }>();
  const open = useOpenVote();
  const submit = async ({ photo, reason }: { photo: string; reason: string }) => {
    try {
      await open.mutateAsync({ photoId: photoIdOf(photo)!, reason });
      form.resetFields();
      onOpened();
    } catch (e) {
      showFieldErrors(form, e, { photoId: 'photo' });
    }
  };
  return (
    <details className="panel open-vote" data-testid="open-vote">
      <summary>发起投票</summary>
      <p className="muted">
        也可以在图片页面点「发起投票」。只有已通过的图片可以参加，每张图片同时只有一个进行中的投票。
        发起即投出你的赞成票（+1），截止前可以改。
      </p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item
          name="photo"
          label="图片编号或链接"
          rules={[
            { required: true, message: '请输入图片编号或链接' },
            {
              validator: (_, v: string) =>
                !v || photoIdOf(v) ? Promise.resolve() : Promise.reject(new Error('无法识别的图片编号')),
            },
          ]}
        >
          <Input placeholder="例如 1024 或 https://…/photo/1024" />
        </Form.Item>
        <Form.Item name="reason" label="理由" rules={[{ required: true, message: '请填写理由' }]}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={open.isPending}>
          发起投票
        </Button>
      </Form>
    </details>
  );
}

function VoteList({ tab, senior, me }: { tab: VoteTab; senior: boolean; me: number | undefined }) {
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useVotes(tab);
  const votes = data?.pages.flatMap((p) => p.items) ?? [];
  if (isPending) return <p className="muted">加载中…</p>;
  if (votes.length === 0) return <Empty description={tab === 'open' ? '没有进行中的投票' : '还没有结束的投票'} />;
  return (
    <div className="vote-list" data-testid={`votes-${tab}`}>
      {votes.map((v) => (
        <VoteCard key={v.id} vote={v} senior={senior} me={me} />
      ))}
      {hasNextPage && (
        <Button block loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          加载更多
        </Button>
      )}
    </div>
  );
}

export function Component() {
  const session = useSession();
  // Whether this viewer may cancel votes is the server's answer (votes' `can`, server/src/policies/votes.ts).
  const senior = useVotes('open').data?.pages[0]?.can.cancel ?? false;
  const [params, setParams] = useSearchParams();
  const tab: VoteTab = params.get('tab') === 'closed' ? 'closed' : 'open';
  const show = (next: VoteTab) => setParams(next === 'open' ? {} : { tab: next }, { replace: true });
  return (
    <AntdProvider>
      <div className="votes-page">
        <h1>编辑精选投票</h1>
        <p className="muted">
          每位审图员一票（赞成 +1 / 反对 −1），投票期间可以改票；{VOTE_HOURS} 小时后结束，净票数达到 {VOTE_FEATURE_NET}{' '}
          的图片入选编辑精选，摄影师会收到通知。进行中只显示票数和自己的选择，结果在结束后公布，以免影响判断。
          {senior ? '资深审图员可以取消投票。' : ''}
        </p>
        <OpenVoteForm onOpened={() => show('open')} />
        <Tabs
          activeKey={tab}
          onChange={(k) => show(k as VoteTab)}
          items={[
            { key: 'open', label: '进行中', children: <VoteList tab="open" senior={senior} me={session?.id} /> },
            { key: 'closed', label: '已结束', children: <VoteList tab="closed" senior={senior} me={session?.id} /> },
          ]}
        />
      </div>
    </AntdProvider>
  );
}
