import type { Notam } from '@contract/manage';
import { useRef, useState } from 'react';
import { AntdProvider } from '../../../components/antd-provider.js';
import { MaintenancePanel } from './maintenance-panel.js';
import { NotamEditor } from './notam-editor.js';
import { NotamList } from './notam-list.js';
import './notams.css';

function NotamAdmin() {
  const [editing, setEditing] = useState<Notam | null>(null);
  // A new key gives the editor a fresh form: after a save, and when another NOTAM is picked.
  const [round, setRound] = useState(0);
  const editorRef = useRef<HTMLDivElement>(null);
  const edit = (n: Notam | null) => {
    setEditing(n);
    setRound((r) => r + 1);
  };

  return (
    <div className="notam-admin">
      <h1>NOTAM 与维护模式</h1>
      <MaintenancePanel />
      <div ref={editorRef}>
        <NotamEditor key={`${editing?.id ?? 'new'}-${round}`} editing={editing} onDone={() => edit(null)} />
      </div>
      <NotamList
        editingId={editing?.id ?? null}
        onEdit={(n) => {
          edit(n);
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
