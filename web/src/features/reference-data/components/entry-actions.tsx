import type { RefItem, RefKind } from '@contract/reference';
import { Button, Popconfirm } from 'antd';
import { useDeleteEntry } from '../api/delete-entry.js';
import { entryLabel } from '../lib/kinds.js';

interface Props {
  kind: RefKind;
  item: RefItem;
  onEdit: (item: RefItem) => void;
  onMerge: (item: RefItem) => void;
}

/** 编辑 · 合并 · 删除 for one entry; deleting asks first, and the server refuses an entry photos still name. */
export function EntryActions({ kind, item, onEdit, onMerge }: Props) {
  const remove = useDeleteEntry(kind);
  return (
    <>
      <Button size="small" onClick={() => onEdit(item)}>
        编辑
      </Button>
      <Button size="small" onClick={() => onMerge(item)}>
        合并
      </Button>
      <Popconfirm
        title={`删除「${entryLabel(kind, item)}」？`}
        description="只能删除没有照片使用的条目；重复的条目请合并。"
        okText="删除"
        cancelText="取消"
        okButtonProps={{ danger: true, loading: remove.isPending }}
        onConfirm={() => remove.mutateAsync(item.id).catch(() => undefined)}
      >
        <Button size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </>
  );
}
