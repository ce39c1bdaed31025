import type { Notam } from '@contract/manage';
import { App } from 'antd';
import { useRef, useState } from 'react';
import { AntdProvider } from '../../../components/antd-provider.js';
import { ContactPanel } from './contact-panel.js';
import { FilingsPanel } from './filings-panel.js';
import { VerificationPanel } from './verification-panel.js';
import { MaintenancePanel } from './maintenance-panel.js';
import { NotamEditor } from './notam-editor.js';
import { NotamList } from './notam-list.js';
import './notams.css';

function NotamAdmin() {
  const { modal } = App.useApp();
  const [editing, setEditing] = useState<Notam | null>(null);
  // A new key gives the editor a fresh form: after a save, and when another NOTAM is picked.
  const [round, setRound] = useState(0);
  const dirty = useRef(false);
  const editorRef = useRef<HTMLDivElement>(null);
  const edit = (n: Notam | null) => {
    dirty.current = false;
    setEditing(n);
    setRound((r) => r + 1);
  };
  /** Picking another NOTAM while the form holds unsaved typing asks first. */
  const pick = (n: Notam) => {
    if (!dirty.current) return edit(n);
    modal.confirm({
      title: '放弃未保存的内容？',
      content: `表单里还有没保存的修改；继续会改为编辑「${n.title}」。`,
      okText: '放弃并继续',
      cancelText: '留在这里',
      onOk: () => edit(n),
    });
  };

  return (
    <div className="notam-admin">
      <h1>NOTAM 与维护模式</h1>
      <MaintenancePanel />
      <ContactPanel />
      <FilingsPanel />
      <VerificationPanel />
      <div ref={editorRef}>
        <NotamEditor
          key={`${editing?.id ?? 'new'}-${round}`}
          editing={editing}
          onDone={() => edit(null)}
          onDirty={(d) => (dirty.current = d)}
        />
      </div>
      <NotamList
        editingId={editing?.id ?? null}
        onEdit={(n) => {
          pick(n);
          editorRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }}
        onDeleted={(id) => editing?.id === id && edit(null)}
      />
    </div>
  );
}

export function Component() {
  return (
    <AntdProvider>
      <NotamAdmin />
    </AntdProvider>
  );
}
