import { LEVELS } from '@contract/limits';
import type { PhotoState } from '@contract/photos';
import { SCREENING_MESSAGES, type Decision, type ScreeningView } from '@contract/screening';
import { Alert, Button, Tag } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.js';
import { OriginalInspector } from '../../../components/original-viewer.js';
import { PhotoThumb } from '../../../components/photo-thumb.js';
import { notice } from '../../../lib/notice.js';
import { useSession } from '../../../lib/use-session.js';
import { useDecidePhoto } from '../api/decide-photo.js';
import { useOriginal } from '../api/get-original.js';
import { useScreeningView } from '../api/get-screening-view.js';
import { useScreeningLock, type LockState } from '../api/photo-lock.js';
import { useRevokePhoto } from '../api/revoke-photo.js';
import { useShortcuts } from '../lib/shortcuts.js';
import { formatRate, formatTime, STATE_COLORS, STATE_NAMES } from '../lib/texts.js';
import { useOpenNext } from '../lib/use-open-next.js';
import { NoteDialog, RejectDialog } from './decision-dialogs.js';
import { correctionOf, FactsCorrectionForm, type FactsDraft } from './facts-correction.js';
import { HistoryList } from './history-list.js';
import { ChecksList, ExifList, PhotoFactsList, registrationText } from './photo-details.js';
import './screening.css';

const WAITING: PhotoState[] = ['pending', 'escalated', 'appealed'];
const APPEAL_STATES = {
  open: '申诉处理中',
  upheld: '申诉未通过（最终结果）',
  overturned: '申诉成功',
  withdrawn: '申诉已随照片撤回',
} as const;

/** Why this screener cannot decide, when the server allows them nothing. */
function whyReadOnly(view: ScreeningView, viewer: { id: number; permission: number } | null): string {
  const { photo } = view;
  if (!WAITING.includes(photo.state)) return `这张照片${STATE_NAMES[photo.state]}，无需审核`;
  if (photo.uploader.id === viewer?.id) return SCREENING_MESSAGES.ownPhoto;
  if ((viewer?.permission ?? 0) < LEVELS.senior) return SCREENING_MESSAGES.seniorOnly;
  if (photo.state === 'appealed') return SCREENING_MESSAGES.appealByRejecter;
  return SCREENING_MESSAGES.notDecidable;
}

function LockBanner({ view, lock, onRetake }: { view: ScreeningView; lock: LockState; onRetake: () => void }) {
  if (view.lock && !view.lock.mine) {
    return (
      <Alert
        type="warning"
        showIcon
        title={`正由 ${view.lock.holder.username} 审核`}
        description={`锁定至 ${formatTime(view.lock.expiresAt)}，此页只读`}
        data-testid="locked-by-other"
      />
    );
  }
  if (lock.status === 'lost' || lock.status === 'refused') {
    return (
      <Alert
        type="error"
        showIcon
        title={lock.status === 'lost' ? '审核锁已失效' : '未能领取这张照片'}
        description={lock.message}
        action={
          <Button size="small" onClick={onRetake}>
            重新领取
          </Button>
        }
      />
    );
  }
  if (lock.status === 'mine') return <p className="lock-mine">已锁定，页面打开期间自动续期</p>;
  return <p className="muted">正在领取…</p>;
}

function ScreeningPhoto({ id }: { id: number }) {
  const session = useSession();
  const { data: view, isPending, isError } = useScreeningView(id);
  const original = useOriginal(id);
  const decisions = (view?.allowed ?? []).filter((a): a is Decision => a !== 'revoke');
  const waiting = !!view && WAITING.includes(view.photo.state);
  const lockedByOther = !!view?.lock && !view.lock.mine;
  const wantLock = waiting && decisions.length > 0 && !lockedByOther;
  const lock = useScreeningLock(id, wantLock);
  const decide = useDecidePhoto(id);
  const revoke = useRevokePhoto(id);
  const next = useOpenNext();
  const [decided, setDecided] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'reject' | 'escalate' | 'revoke' | null>(null);
  const [draft, setDraft] = useState<FactsDraft>({});
  const [fixing, setFixing] = useState(false);

  const canDecide = decided === null && wantLock && lock.state.status === 'mine';
  const can = (d: Decision) => canDecide && decisions.includes(d);
  const canRevoke = decided === null && !!view?.allowed.includes('revoke');
  const readOnly = !!view && (!wantLock || lock.state.status === 'refused' || lock.state.status === 'lost');
  const showNext = decided !== null || readOnly;

  const done = (r: { message: string }) => {
    setDecided(r.message);
    setDialog(null);
  };
  const submit = (decision: Decision, reasons: string[] = [], message?: string) => {
    if (!view || decide.isPending) return;
    const { facts, error } = correctionOf(view.photo, draft);
    if (error) {
      notice.warning(error);
      setFixing(true);
      return;
    }
    decide.mutate({ decision, reasons, message: message || undefined, facts }, { onSuccess: done });
  };

  const keys: Record<string, () => void> = {};
  if (can('accept')) keys.a = () => submit('accept');
  if (can('reject')) keys.r = () => setDialog('reject');
  if (can('escalate')) keys.e = () => setDialog('escalate');
  if (showNext) keys.n = next.open;
  useShortcuts(keys, dialog === null);

  if (isError) {
    return (
      <div className="center-page panel">
        <h1>图片不存在</h1>
        <Link to="/screen/queue">返回审图队列</Link>
      </div>
    );
  }
  if (isPending) return <div className="route-loading">加载中…</div>;
  const { photo, uploader } = view;
  const title = `${registrationText(photo.registration)}${photo.aircraftType ? ` · ${photo.aircraftType.label}` : ''}`;

  return (
    <div className="screen-page" data-testid="screening-page">
      <div className="screen-title">
        <Link to="/screen/queue" className="muted">
          ← 审图队列
        </Link>
        <h1>
          {title}
          <Tag color={STATE_COLORS[photo.state]} data-testid="photo-state">
            {STATE_NAMES[photo.state]}
          </Tag>
          <span className="muted screen-id">#{photo.id}</span>
        </h1>
      </div>

      <div className="screen-grid">
        <section className="panel screen-original" aria-label="原图">
          {original.data ? (
            <OriginalInspector url={original.data} title={`${title} · 原图`} />
          ) : original.isError ? (
            <p className="muted">原图无法加载（被拒照片的文件会在 30 天后删除）</p>
          ) : (
            <div className="route-loading">正在加载原图…</div>
          )}
        </section>

        <aside className="screen-side">
          <section className="panel decision-panel" aria-label="审核" data-testid="decision-panel">
            {decided !== null ? (
              <>
                <Alert type="success" showIcon title={decided} data-testid="decided" />
                <div className="decision-buttons">
                  <Button type="primary" onClick={next.open} loading={next.pending}>
                    下一张 (N)
                  </Button>
                  <Link className="btn" to="/screen/queue">
                    返回队列
                  </Link>
                </div>
              </>
            ) : (
              <>
                {wantLock || lockedByOther ? (
                  <LockBanner view={view} lock={lock.state} onRetake={lock.retake} />
                ) : (
                  !canRevoke && <p className="muted">{whyReadOnly(view, session)}</p>
                )}
                {view.appeal && photo.state === 'appealed' && (
                  <div className="appeal-box" data-testid="appeal-note">
                    <b>上传者申诉</b>（{formatTime(view.appeal.createdAt)}）<p>{view.appeal.note}</p>
                  </div>
                )}
                {(canDecide || canRevoke) && (
                  <div className="decision-buttons">
                    {can('accept') && (
                      <Button type="primary" onClick={() => submit('accept')} loading={decide.isPending}>
                        通过 (A)
                      </Button>
                    )}
                    {can('reject') && (
                      <Button danger onClick={() => setDialog('reject')}>
                        拒绝 (R)
                      </Button>
                    )}
                    {can('escalate') && <Button onClick={() => setDialog('escalate')}>升级 (E)</Button>}
                    {canRevoke && (
                      <Button danger onClick={() => setDialog('revoke')}>
                        撤销通过
                      </Button>
                    )}
                  </div>
                )}
                {canDecide && (
                  <>
                    <Button type="link" size="small" className="fix-toggle" onClick={() => setFixing(!fixing)}>
                      {fixing ? '收起修正' : '修正信息（注册号、机型、航司、机场）'}
                    </Button>
                    {fixing && <FactsCorrectionForm photo={photo} draft={draft} onChange={setDraft} />}
                  </>
                )}
                {showNext && (
                  <div className="decision-buttons">
                    <Button onClick={next.open} loading={next.pending}>
                      下一张 (N)
                    </Button>
                  </div>
                )}
              </>
            )}
          </section>

          <section className="panel" aria-label="上传者">
            <h2>上传者</h2>
            <p>
              <Link to={`/user/${uploader.id}`}>{uploader.username}</Link>
              <span className="muted"> · {formatRate(uploader.acceptanceRate, uploader.decided)}</span>
            </p>
            {photo.messageToScreener ? (
              <div className="screener-message" data-testid="message-to-screener">
                <b>给审图员的留言：</b>
                {photo.messageToScreener}
              </div>
            ) : (
              <p className="muted">没有给审图员的留言</p>
            )}
            {view.uploaderRecent.length > 0 && (
              <>
                <h3>最近的审核结果</h3>
                <div className="recent-outcomes">
                  {view.uploaderRecent.map((r) => (
                    <Tag key={`${r.photoId}-${r.at}`} color={STATE_COLORS[r.state]} title={`#${r.photoId} · ${formatTime(r.at)}`}>
                      {STATE_NAMES[r.state]}
                    </Tag>
                  ))}
                </div>
              </>
            )}
          </section>

          {view.appeal && (
            <section className="panel" aria-label="申诉">
              <h2>申诉</h2>
              <p className="tag-line">
                <Tag color={view.appeal.state === 'overturned' ? 'green' : view.appeal.state === 'upheld' ? 'red' : 'orange'}>
                  {APPEAL_STATES[view.appeal.state]}
                </Tag>
                <span className="muted">{formatTime(view.appeal.createdAt)}</span>
              </p>
              <p className="pre-line">{view.appeal.note}</p>
            </section>
          )}

          <section className="panel" aria-label="审核记录">
            <h2>审核记录</h2>
            <HistoryList events={view.history} photo={photo} />
          </section>
        </aside>

        <div className="screen-details">
          <section className="panel" aria-label="信息">
            <h2>信息</h2>
            <PhotoFactsList photo={photo} />
          </section>
          <section className="panel" aria-label="EXIF">
            <h2>EXIF</h2>
            <ExifList exif={photo.exif} />
          </section>
          <section className="panel" aria-label="自动检查">
            <h2>自动检查</h2>
            <ChecksList checks={photo.checks} />
          </section>
          <section className="panel" aria-label="同一注册号">
            <h2>同一注册号的其他照片</h2>
            {view.sameRegistration.length === 0 ? (
              <p className="muted">没有其他照片</p>
            ) : (
              <div className="same-registration">
                {view.sameRegistration.map((p) => (
                  <a
                    key={p.id}
                    href={p.state === 'accepted' ? `/photo/${p.id}` : `/screen/photo/${p.id}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {p.renditions.length > 0 ? (
                      <PhotoThumb
                        thumbhash={p.thumbhash}
                        width={p.width}
                        height={p.height}
                        renditions={p.renditions}
                        alt={p.registration}
                        size={150}
                      />
                    ) : (
                      <span className="no-thumb">无图</span>
                    )}
                    <span>
                      {STATE_NAMES[p.state]} · {p.aircraftType?.label ?? ''}
                    </span>
                  </a>
                ))}
              </div>
            )}
          </section>
        </div>
      </div>

      {dialog === 'reject' && (
        <RejectDialog
          busy={decide.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={(reasons, message) => submit('reject', reasons, message)}
        />
      )}
      {dialog === 'escalate' && (
        <NoteDialog
          title="升级给资深审图员"
          label="说明（必填，资深审图员会看到）"
          okText="升级"
          required
          busy={decide.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={(note) => submit('escalate', [], note)}
        />
      )}
      {dialog === 'revoke' && (
        <NoteDialog
          title="撤销通过"
          label="留言（可选，上传者会看到）"
          okText="撤销通过"
          required={false}
          danger
          busy={revoke.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={(message) => revoke.mutate({ message: message || undefined }, { onSuccess: done })}
        />
      )}
    </div>
  );
}

export function Component() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  return (
    <AntdProvider>
      {Number.isInteger(id) && id > 0 ? (
        // Keyed: the next photo starts with no decision, draft or dialog left from this one.
        <ScreeningPhoto key={id} id={id} />
      ) : (
        <div className="center-page panel">
          <h1>图片不存在</h1>
          <Link to="/screen/queue">返回审图队列</Link>
        </div>
      )}
    </AntdProvider>
  );
}
