import { expandCard } from '@contract/cards';
import type { CollectionSummary } from '@contract/collections';
import { useState } from 'react';
import { Link } from 'react-router';
import { fallbackSrc, photoAlt } from '../../../components/photo-image.js';
import { useCollectionChanges, useCollectionsOf } from '../../../lib/collections.js';

function Card({ c }: { c: CollectionSummary }) {
  const cover = c.cover ? expandCard(c.cover) : null;
  return (
    <li className="collection-card">
      <Link to={`/collection/${c.id}`} data-testid="collection-card">
        <div className="collection-cover">
          {cover && <img src={fallbackSrc(cover, 640)} alt={photoAlt(cover)} loading="lazy" />}
        </div>
        <b>{c.name}</b>
        <span className="muted">
          {c.photoCount} 张{!c.public && ' · 不公开'}
        </span>
      </Link>
    </li>
  );
}

/** 收藏 on a member's page: their collections (the public ones to others); the member makes new ones here. */
export default function CollectionsSection({ userId, own }: { userId: number; own: boolean }) {
  const collections = useCollectionsOf(userId);
  const { create } = useCollectionChanges();
  const [name, setName] = useState('');
  const items = collections.data?.items ?? [];
  if (!own && items.length === 0) return null;
  const make = () => void create.mutateAsync({ name }).then(() => setName(''));
  return (
    <section className="user-collections" data-testid="user-collections">
      <div className="section-head">
        <h2>收藏夹</h2>
        {own && (
          <form
            className="collection-new"
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim()) make();
            }}
          >
            <input
              value={name}
              maxLength={40}
              placeholder="新收藏夹的名称"
              onChange={(e) => setName(e.target.value)}
              aria-label="新收藏夹的名称"
            />
            <button type="submit" className="btn" disabled={!name.trim() || create.isPending}>
              新建
            </button>
          </form>
        )}
      </div>
      {items.length === 0 ? (
        <p className="muted">还没有收藏夹。在照片页点“收藏”，或在这里新建一个。</p>
      ) : (
        <ul className="collection-cards">
          {items.map((c) => (
            <Card key={c.id} c={c} />
          ))}
        </ul>
      )}
    </section>
  );
}
