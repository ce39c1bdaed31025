import { Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.js';
import { OriginalInspector } from '../../../components/original-viewer.js';
import { PhotoThumb } from '../../../components/photo-thumb.js';
import { useOriginal } from '../../../lib/original.js';
import { useScreeningView } from '../api/get-screening-view.js';
import { formatRate, formatTime, STATE_COLORS, STATE_NAMES } from '../lib/texts.js';
import { DecisionPanel } from './decision-panel.js';
import { HistoryList } from './history-list.js';
import { ChecksList, ExifList, PhotoFactsList, registrationText } from './photo-details.js';
import './screening.css';

const APPEAL_STATES = {
  open: '申诉处理中',
  upheld: '申诉未通过（最终结果）',
  overturned: '申诉成功',
  withdrawn: '申诉已随照片撤回',
} as const;

function ScreeningPhoto({ id }: { id: number }) {
  const { data: view, isPending, isError } = useScreeningView(id);
  const original = useOriginal(id);

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
          <DecisionPanel view={view} />

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
