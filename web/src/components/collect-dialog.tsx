import { COLLECTION_LIMITS } from '@contract/collections';
import { Button, Checkbox, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCollectionChanges, useCollectionsOf } from '../lib/collections.js';
import { withAntd } from './antd-provider.js';

interface Props {
  userId: number;
  photoId: number;
  onClose: () => void;
}

/** The member's collections, each ticked when it holds the photo; a tick adds or takes it out at once. */
function CollectForm({ userId, photoId, onClose }: Props) {
  const collections = useCollectionsOf(userId, photoId);
  const { create, toggle } = useCollectionChanges();
  const [name, setName] = useState('');
  const items = collections.data?.items ?? [];
  const make = async () => {
    const made = await create.mutateAsync({ name });
    await toggle.mutateAsync({ id: made.collection.id, photoId, on: true });
    setName('');
  };
  return (
    <Modal open title="收藏到" footer={null} onCancel={onClose} destroyOnHidden>
      {collections.isPending ? (
        <p className="muted">加载中…</p>
      ) : (
        <ul className="collect-list" data-testid="collect-list">
          {items.length === 0 && <li className="muted">还没有收藏夹，在下面新建一个。</li>}
          {items.map((c) => (
            <li key={c.id}>
              <Checkbox
                checked={!!c.contains}
                disabled={toggle.isPending}
                onChange={(e) => toggle.mutate({ id: c.id, photoId, on: e.target.checked })}
              >
                {c.name}
              </Checkbox>
              <span className="muted">
                {c.photoCount} 张 · {c.public ? '公开' : '不公开'}
              </span>
              <Link to={`/collection/${c.id}`} onClick={onClose}>
                查看
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={name}
          maxLength={COLLECTION_LIMITS.nameMax}
          placeholder="新收藏夹的名称，如 夜景、国产大飞机"
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => name.trim() && void make()}
          data-testid="collect-new-name"
        />
        <Button type="primary" disabled={!name.trim()} loading={create.isPending} onClick={() => void make()}>
          新建并收藏
        </Button>
      </Space.Compact>
      <p className="muted collect-hint">新建的收藏夹不公开，可在它的页面改为公开。</p>
    </Modal>
  );
}

export default withAntd(CollectForm);
