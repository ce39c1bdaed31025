import type { PhotoState } from '@contract/photos';
import { SCREENING_LIMITS, type Decision, type ScreeningView } from '@contract/screening';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FactsValues } from '../../../components/facts-values.js';
import { notice } from '../../../lib/notice.js';
import { useDecidePhoto } from '../api/decide-photo.js';
import { useScreeningLock, type LockState } from '../api/photo-lock.js';
import { useRevokePhoto } from '../api/revoke-photo.js';
import { useUndoDecision } from '../api/undo-decision.js';
import { useShortcuts } from '../lib/shortcuts.js';
import { formatTime } from '../lib/texts.js';
import { useOpenNext } from '../lib/use-open-next.js';
import { NoteDialog, RejectDialog } from './decision-dialogs.js';
import { correctedFacts, correctionOf, FactsCorrectionForm } from './facts-correction.js';

const WAITING: PhotoState[] = ['pending', 'escalated', 'appealed'];

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

/**
 * The decision side of the screening page: the lock, 通过/拒绝/升级 (A/R/E) or 撤销通过, the facts
 * correction sent with the decision, then 下一张 (N).
 */
export function DecisionPanel({ view }: { view: ScreeningView }) {
  const { photo } = view;
  const decisions = view.allowed.filter((a): a is Decision => a !== 'revoke');
  const waiting = WAITING.includes(photo.state);
  const lockedByOther = !!view.lock && !view.lock.mine;
  const wantLock = waiting && decisions.length > 0 && !lockedByOther;
  const lock = useScreeningLock(photo.id, wantLock);
  const decide = useDecidePhoto(photo.id);
  const revoke = useRevokePhoto(photo.id);
  const undo = useUndoDecision();
  const navigate = useNavigate();
  const next = useOpenNext();
  const [facts] = Form.useForm<FactsValues>();
  const [decided, setDecided] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'reject' | 'escalate' | 'revoke' | null>(null);
  const [fixing, setFixing] = useState(false);
  const [corrected, setCorrected] = useState<string[]>([]);

  const canDecide = decided === null && wantLock && lock.state.status === 'mine';
  const can = (d: Decision) => canDecide && decisions.includes(d);
  const canRevoke = decided === null && view.allowed.includes('revoke');
  const readOnly = !wantLock || lock.state.status === 'refused' || lock.state.status === 'lost';
  const showNext = decided !== null || readOnly;

  const done = (r: { message: string; undoable?: boolean }) => {
    setDecided(r.message);
    setDialog(null);
    if (r.undoable) offerUndo(r.message);
  };
  /** 撤销 in the decision's notice while the server allows it (a little less, for the way there). */
  const offerUndo = (message: string) => {
    const path = `/screen/photo/${photo.id}`;
    const run = () =>
      void undo(photo.id)
        .then(() => {
          setDecided(null);
          // 下一张 may have been pressed meanwhile: back to the photo taken back.
          if (window.location.pathname !== path) void navigate(path);
        })
        .catch(() => undefined); // the request helper's notice says why (too late, say)
    notice.successWithAction(message, { label: '撤销', run }, SCREENING_LIMITS.undoSeconds * 1000 - 500);
  };
  const submit = async (decision: Decision, reasons: string[] = [], message?: string) => {
    if (decide.isPending) return;
    // Corrections go with 通过 and 拒绝; the senior who decides an escalation makes them (the note says which).
    const { facts: corrected, error } = decision === 'escalate' ? {} : await correctionOf(facts, photo);
    if (error) {
      notice.warning(error);
      setFixing(true);
      return;
    }
    decide.mutate({ decision, reasons, message: message || undefined, facts: corrected }, { onSuccess: done });
  };

  const escalate = () => {
    setCorrected(correctedFacts(facts, photo));
    setDialog('escalate');
  };

  const keys: Record<string, () => void> = {};
  if (can('accept')) keys.a = () => void submit('accept');
  if (can('reject')) keys.r = () => setDialog('reject');
  if (can('escalate')) keys.e = () => escalate();
  if (showNext) keys.n = next.open;
  useShortcuts(keys, dialog === null);

  return (
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
            !canRevoke && view.readOnlyReason && <p className="muted">{view.readOnlyReason}</p>
          )}
          {view.appeal && photo.state === 'appealed' && (
            <div className="appeal-box" data-testid="appeal-note">
              <b>上传者申诉</b>（{formatTime(view.appeal.createdAt)}）<p>{view.appeal.note}</p>
            </div>
          )}
          {(canDecide || canRevoke) && (
            <div className="decision-buttons">
              {can('accept') && (
                <Button type="primary" onClick={() => void submit('accept')} loading={decide.isPending}>
                  通过 (A)
                </Button>
              )}
              {can('reject') && (
                <Button danger onClick={() => setDialog('reject')}>
                  拒绝 (R)
                </Button>
              )}
              {can('escalate') && <Button onClick={escalate}>升级 (E)</Button>}
              {canRevoke && (
                <Button danger onClick={() => setDialog('revoke')}>
                  撤销通过
                </Button>
              )}
            </div>
          )}
          {canDecide && (
            <>
              <Button type="link" size="small" className="fix-toggle" aria-expanded={fixing} onClick={() => setFixing(!fixing)}>
                {fixing ? '收起修正' : '修正信息（注册号、机型、航司、机场等）'}
              </Button>
              {/* Kept while folded: the corrections typed so far go with the decision. */}
              <div hidden={!fixing}>
                <FactsCorrectionForm form={facts} photo={photo} />
              </div>
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

      {dialog === 'reject' && (
        <RejectDialog
          busy={decide.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={(reasons, message) => void submit('reject', reasons, message)}
        />
      )}
      {dialog === 'escalate' && (
        <NoteDialog
          title="升级给资深审图员"
          label="说明（必填，资深审图员会看到）"
          okText="升级"
          required
          hint={
            corrected.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                className="dialog-hint"
                data-testid="escalate-corrections"
                title={`你修正的${corrected.join('、')}不会随升级保存：信息修正随“通过”或“拒绝”提交。请把要修正的内容写在说明里，由资深审图员决定时修正。`}
              />
            ) : (
              <p className="muted">信息修正随“通过”或“拒绝”提交，不随升级发送；要修正的内容请写在说明里。</p>
            )
          }
          busy={decide.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={(note) => void submit('escalate', [], note)}
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
    </section>
  );
}
