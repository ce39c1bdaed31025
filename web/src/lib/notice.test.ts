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
    // Each still goes after its time on screen.
    noticeStore.drawn(noticeStore.get().map((n) => n.id));
    vi.advanceTimersByTime(3000);
    expect(shown()).toEqual([]);
  });

  it('counts a notice’s time from when it is drawn, so one raised while a slow page loads is still read', () => {
    vi.useFakeTimers();
    notice.warning('请先登录');
    // The next page takes 10 s to draw on a slow phone: the notice waits for it.
    vi.advanceTimersByTime(10_000);
    expect(shown()).toEqual(['warning:请先登录']);
    noticeStore.drawn(noticeStore.get().map((n) => n.id));
    vi.advanceTimersByTime(2_900);
    // Drawn again by a later render: the time does not start over.
    noticeStore.drawn(noticeStore.get().map((n) => n.id));
    expect(shown()).toEqual(['warning:请先登录']);
    vi.advanceTimersByTime(100);
    expect(shown()).toEqual([]);
    // A notice replaced by a newer one leaves no timer behind.
    notice.warning('第一条');
    notice.warning('第二条');
    expect(vi.getTimerCount()).toBe(1);
    vi.runAllTimers();
    // Never drawn (no view mounted): gone after 30 s all the same.
    notice.info('后台');
    vi.advanceTimersByTime(30_000);
    expect(shown()).toEqual([]);
  });
});
