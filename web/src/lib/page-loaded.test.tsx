import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageLoaded } from './page-loaded.js';

let readyState: DocumentReadyState = 'interactive';
Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState });
afterEach(() => {
  readyState = 'interactive';
});

/** Finishes loading the page in its effect, which React runs before its parent's: the browser's order on a busy page. */
function LoadsFirst() {
  useEffect(() => {
    readyState = 'complete';
    document.dispatchEvent(new Event('readystatechange'));
  }, []);
  return null;
}

function Probe({ children }: { children?: React.ReactNode }) {
  const loaded = usePageLoaded();
  return (
    <p data-testid="probe">
      {loaded ? 'loaded' : 'waiting'}
      {children}
    </p>
  );
}

describe('usePageLoaded', () => {
  it('waits for the page to finish loading', async () => {
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('waiting');
    readyState = 'complete';
    document.dispatchEvent(new Event('readystatechange'));
    expect(await screen.findByText('loaded')).toBeTruthy();
  });

  it('sees a load that fired between its render and its effect', async () => {
    render(
      <Probe>
        <LoadsFirst />
      </Probe>,
    );
    expect(await screen.findByText('loaded')).toBeTruthy();
  });
});
