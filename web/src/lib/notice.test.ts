import { afterEach, describe, expect, it, vi } from 'vitest';
import { notice, noticeStore } from './notice.js';

const shown = () => noticeStore.get().map((n) => `${n.kind}:${n.text}`);

describe('notices', () => {
  afterEach(() => {
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('replaces an older notice of the same kind, and after a success the warnings and errors', () => {
    vi.useFakeTimers();
    notice.error('网络错误');
    notice.warning('请先登录');
    notice.error('队列已满');
    expect(shown()).toEqual(['warning:请先登录', 'error:队列已满']);
    notice.info('正在处理');
    notice.success('已保存');
    expect(shown()).toEqual(['info:正在处理', 'success:已保存']);
    notice.success('上传成功');
    expect(shown()).toEqual(['info:正在处理', 'success:上传成功']);
    // Each still goes after its time.
    vi.advanceTimersByTime(3000);
    expect(shown()).toEqual([]);
  });
});
