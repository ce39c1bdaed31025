import { REJECT_REASONS } from '@contract/photos';
import { SCREENING_LIMITS, SCREENING_MESSAGES } from '@contract/screening';
import { Checkbox, Input, Modal, type GetRef } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { isTyping, REASON_KEYS } from '../lib/shortcuts.js';

type TextAreaRef = GetRef<typeof Input.TextArea>;

/** Ctrl+Enter (⌘+Enter) anywhere in the dialog confirms; plain Enter too, outside text fields and buttons. */
function isConfirmKey(e: KeyboardEvent): boolean {
  if (e.key !== 'Enter' || e.isComposing) return false;
  if (e.ctrlKey || e.metaKey) return true;
  return !isTyping(e) && !(e.target instanceof HTMLButtonElement) && !e.altKey && !e.shiftKey;
}

interface RejectProps {
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reasons: string[], message: string) => void;
}

/**
 * The reasons of §5.4 as checkboxes, each toggled by its key (1–9, 0, then Q–P and A; REASON_KEYS), M
 * goes to the message of at most 300 characters; Enter or Ctrl+Enter rejects.
 */
export function RejectDialog({ busy, onCancel, onConfirm }: RejectProps) {
  const [picked, setPicked] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const messageRef = useRef<TextAreaRef>(null);

  const confirm = () => {
    if (picked.length === 0) setTried(true);
    else if (!busy) onConfirm(picked, message.trim());
  };
  const toggle = (code: string) => setPicked((p) => (p.includes(code) ? p.filter((c) => c !== code) : [...p, code]));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isConfirmKey(e)) {
        e.preventDefault();
        confirm();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e)) return;
      const index = e.key.length === 1 ? REASON_KEYS.indexOf(e.key.toLowerCase()) : -1;
      const reason = index >= 0 ? REJECT_REASONS[index] : undefined;
      if (reason) {
        e.preventDefault();
        toggle(reason.code);
      } else if (e.key.toLowerCase() === 'm') {
        e.preventDefault();
        messageRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Modal
      open
      title="拒绝原因"
      okText="拒绝 (Enter)"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: busy }}
      onOk={confirm}
      onCancel={onCancel}
      width={720}
    >
      <p className="muted" style={{ marginTop: 0 }}>
        至少选择一个原因。按每项前的键勾选（1–9、0，再 Q–P、A、S），按 M 填写留言，Enter 或 Ctrl+Enter 确认。
      </p>
      <div className="reason-grid" role="group" aria-label="拒绝原因" data-testid="reason-picker">
        {REJECT_REASONS.map((r, i) => (
          <Checkbox
            key={r.code}
            checked={picked.includes(r.code)}
            onChange={() => toggle(r.code)}
            title={r.guide}
            // Focus starts on the reasons, not on the dialog's close button, where Enter would close it.
            autoFocus={i === 0}
          >
            <kbd>{REASON_KEYS[i]!.toUpperCase()}</kbd>
            {r.title}
          </Checkbox>
        ))}
      </div>
      {tried && picked.length === 0 && (
        <p className="field-error" role="alert">
          {SCREENING_MESSAGES.reasonRequired}
        </p>
      )}
      <label className="dialog-label" htmlFor="reject-message">
        给上传者的留言（可选）
      </label>
      <Input.TextArea
        id="reject-message"
        ref={messageRef}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        maxLength={SCREENING_LIMITS.messageMax}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        className="dialog-textarea"
        placeholder="具体说明问题所在，例如脏点的位置"
      />
    </Modal>
  );
}

interface NoteProps {
  title: string;
  label: string;
  okText: string;
  required: boolean;
  busy: boolean;
  danger?: boolean;
  /** Said above the note (what the decision does not take with it). */
  hint?: ReactNode;
  onCancel: () => void;
  onConfirm: (note: string) => void;
}

/** A note to send with a decision (escalate: required; revoke: optional); Ctrl+Enter confirms. */
export function NoteDialog({ title, label, okText, required, busy, danger, hint, onCancel, onConfirm }: NoteProps) {
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const missing = required && note.trim() === '';

  const confirm = () => {
    if (missing) setTried(true);
    else if (!busy) onConfirm(note.trim());
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isConfirmKey(e)) return;
      e.preventDefault();
      confirm();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Modal
      open
      title={title}
      okText={`${okText} (Ctrl+Enter)`}
      cancelText="取消"
      okButtonProps={{ danger, loading: busy }}
      onOk={confirm}
      onCancel={onCancel}
    >
      {hint}
      <label className="dialog-label" htmlFor="decision-note">
        {label}
      </label>
      <Input.TextArea
        id="decision-note"
        autoFocus
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={SCREENING_LIMITS.messageMax}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        className="dialog-textarea"
        status={tried && missing ? 'error' : undefined}
      />
      {tried && missing && (
        <p className="field-error" role="alert">
          {SCREENING_MESSAGES.noteRequired}
        </p>
      )}
    </Modal>
  );
}
