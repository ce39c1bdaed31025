import { FLEET_IMPORT_LIMITS, type FleetImportResponse, type FleetImportRow } from '@contract/fleet-import';
import { Button, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/page-title.js';
import { useFleetImport } from '../api/fleet-import.js';
import './reference-data.css';

const ACTIONS: Record<FleetImportRow['action'], [string, string]> = {
  create: ['新增', 'green'],
  update: ['更新', 'blue'],
  unchanged: ['不变', 'default'],
  error: ['有误', 'red'],
};

const EXAMPLE = 'registration,msn,type,hex,airline,status\nB-30EE,1234,A359,780A1B,CCA,在役';

/**
 * `/manage/fleet-import` (administrators, issue 39): a fleet list as CSV, previewed line by line, then
 * imported. The import button takes the text the last preview read, so what is imported is what was seen.
 */
export function Component() {
  usePageTitle('导入机队名单');
  const [csv, setCsv] = useState('');
  const [previewed, setPreviewed] = useState<{ csv: string; answer: FleetImportResponse } | null>(null);
  const run = useFleetImport();
  const send = (dryRun: boolean) =>
    run.mutate({ csv, dryRun }, { onSuccess: (answer) => setPreviewed(dryRun ? { csv, answer } : null) });
  const [tooLong, setTooLong] = useState(false);
  // A file past the limit is refused whole: a cut last line could read as a valid aircraft.
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    const content = await file.text();
    setTooLong(content.length > FLEET_IMPORT_LIMITS.csvMax);
    if (content.length <= FLEET_IMPORT_LIMITS.csvMax) setCsv(content);
  };
  const shown = run.data ?? previewed?.answer;
  return (
    <div className="panel fleet-import" data-testid="fleet-import-page">
      <h1>导入机队名单</h1>
      <p className="muted">
        每行一架飞机，依次为：注册号、MSN、机型（ICAO 代码）、Mode S 代码、航司（ICAO 代码）、状态，可带标题行。 按 MSN
        和机型（没有 MSN 时按当前注册号）找到已有的飞机，只补上它缺少的信息；还没有照片的飞机也写入注册号和航司。
        先预览，确认后再导入；导入记入审计日志。最多 {FLEET_IMPORT_LIMITS.rowsMax} 行。
      </p>
      <p>
        {/* The browser's own file button speaks its language: a label of ours opens it. */}
        <label className="btn">
          选择 CSV 文件
          <input type="file" accept=".csv,text/csv" hidden onChange={(e) => void readFile(e.target.files?.[0])} />
        </label>
      </p>
      {tooLong && (
        <p className="field-error" role="alert">
          文件超过 {FLEET_IMPORT_LIMITS.csvMax} 个字符，请分成几个文件导入。
        </p>
      )}
      <Input.TextArea
        value={csv}
        onChange={(e) => setCsv(e.target.value)}
        rows={8}
        maxLength={FLEET_IMPORT_LIMITS.csvMax}
        placeholder={EXAMPLE}
        aria-label="机队名单（CSV）"
        data-testid="fleet-import-csv"
      />
      <p className="fleet-import-actions">
        <Button onClick={() => send(true)} loading={run.isPending} disabled={!csv.trim()}>
          预览
        </Button>
        <Button
          type="primary"
          onClick={() => send(false)}
          disabled={
            run.isPending || previewed?.csv !== csv || previewed.answer.counts.create + previewed.answer.counts.update === 0
          }
        >
          导入
        </Button>
      </p>
      {shown && <Outcome answer={shown} />}
    </div>
  );
}

function Outcome({ answer }: { answer: FleetImportResponse }) {
  return (
    <section aria-label={answer.dryRun ? '预览' : '导入结果'} data-testid="fleet-import-outcome">
      <h2>{answer.message}</h2>
      <Table<FleetImportRow>
        rowKey="line"
        size="small"
        dataSource={answer.rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: true }}
        columns={[
          { title: '行', dataIndex: 'line', width: 60 },
          { title: '注册号', dataIndex: 'registration' },
          {
            title: '结果',
            dataIndex: 'action',
            render: (a: FleetImportRow['action']) => <Tag color={ACTIONS[a][1]}>{ACTIONS[a][0]}</Tag>,
          },
          {
            title: '变化或原因',
            render: (_, r) => (r.message ? r.message : r.changes.join('；')),
          },
        ]}
      />
    </section>
  );
}
