import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from './combobox.js';
import type { RefOption } from './ref-option.js';

const AIRPORTS: RefOption[] = [
  { value: 1, label: '北京首都 ZBAA/PEK' },
  { value: 2, label: '北京大兴 ZBAD/PKX' },
  { value: 3, label: '上海浦东 ZSPD/PVG' },
];

/** A box inside a form, as the upload has it; what it was given and whether the form was sent. */
function Harness({ loading = false, onSubmit }: { loading?: boolean; onSubmit: () => void }) {
  const [value, setValue] = useState<RefOption | null>(null);
  const [typed, setTyped] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor="airport">机场</label>
      <Combobox
        id="airport"
        value={value}
        onChange={setValue}
        typed={typed}
        onTyped={setTyped}
        // Nothing is found for what starts with z.
        options={typed && !typed.startsWith('z') ? AIRPORTS : []}
        loading={loading}
        placeholder="输入代码或名称搜索机场"
        empty={
          typed ? (
            <button type="button" className="link">
              建议新增机场
            </button>
          ) : (
            '输入至少 1 个字符搜索'
          )
        }
        testId="select-airports"
      />
      <output data-testid="chosen">{value?.label ?? ''}</output>
      <button type="submit">上传</button>
    </form>
  );
}

const box = () => screen.getByRole('combobox');
const chosen = () => screen.getByTestId('chosen').textContent;

describe('our combobox', () => {
  it('picks with ↓ and Enter, and Enter in the box never sends the form', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSubmit={onSubmit} />);
    await user.type(box(), 'bj');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(chosen()).toBe('北京大兴 ZBAD/PKX');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
    // The chosen entry is what the box is described by while nothing is typed.
    expect(document.getElementById(box().getAttribute('aria-describedby')!)?.textContent).toBe('北京大兴 ZBAD/PKX');
  });

  it('leaves the keys of an input method that is composing alone', async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn()} />);
    await user.type(box(), 'pek');
    // Chromium marks the event; Safari's Enter that ends the composition carries only keyCode 229.
    fireEvent.keyDown(box(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(box(), { key: 'Enter', keyCode: 229 });
    expect(chosen()).toBe('');
    expect(screen.getByRole('listbox')).toBeTruthy();
  });

  it('waits for the search that is running before Enter picks', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness loading onSubmit={vi.fn()} />);
    await user.type(box(), 'pe');
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('');
    rerender(<Harness onSubmit={vi.fn()} />);
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('北京首都 ZBAA/PEK');
  });

  it('clears with ×, the focus staying in the search, and with Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn()} />);
    await user.type(box(), 'sh');
    await user.click(screen.getByRole('option', { name: '上海浦东 ZSPD/PVG' }));
    expect(chosen()).toBe('上海浦东 ZSPD/PVG');
    await user.click(screen.getByRole('button', { name: '清除' }));
    expect(chosen()).toBe('');
    expect(document.activeElement).toBe(box());
    await user.type(box(), 'b');
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('北京首都 ZBAA/PEK');
    await user.keyboard('{Backspace}');
    expect(chosen()).toBe('');
  });

  it('opens on a click or on typing, not when Tab passes through, and Tab reaches 建议新增 in the open list', async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn()} />);
    await user.tab();
    expect(document.activeElement).toBe(box());
    expect(screen.queryByText('输入至少 1 个字符搜索')).toBeNull();
    await user.click(box());
    expect(screen.getByText('输入至少 1 个字符搜索')).toBeTruthy();
    await user.type(box(), 'zz');
    // The offer is beside the listbox, which holds options only, and Tab reaches it with the list open.
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '建议新增机场' }));
    // Leaving the box altogether closes the list and drops what was typed.
    await user.tab();
    expect(screen.queryByRole('button', { name: '建议新增机场' })).toBeNull();
    expect((box() as HTMLInputElement).value).toBe('');
  });
});
