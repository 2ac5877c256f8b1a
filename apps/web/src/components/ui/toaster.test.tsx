import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { toast, useToasterStore } from 'react-hot-toast';
import type { Toast } from 'react-hot-toast';
import { AppToaster, notify, TOAST_LIMIT, toastsOverLimit } from './toaster';

/** The messages of the toasts currently shown (not dismissed), oldest first. */
function VisibleToasts() {
  const { toasts } = useToasterStore();
  const shown = toasts.filter((item) => item.visible).reverse();
  return <p data-testid="visible">{shown.map((item) => String(item.message)).join('|')}</p>;
}

const fakeToast = (id: string, visible = true) => ({ id, visible }) as Toast;

describe('toastsOverLimit', () => {
  it('picks the oldest visible toasts beyond 20 (the store is newest first)', () => {
    const toasts = Array.from({ length: 25 }, (_, index) => fakeToast(`t${25 - index}`));
    expect(TOAST_LIMIT).toBe(20);
    expect(toastsOverLimit(toasts)).toEqual(['t5', 't4', 't3', 't2', 't1']);
  });

  it('ignores toasts already on their way out', () => {
    const toasts = [
      ...Array.from({ length: 20 }, (_, index) => fakeToast(`v${index}`)),
      fakeToast('gone', false),
    ];
    expect(toastsOverLimit(toasts)).toEqual([]);
  });
});

describe('AppToaster', () => {
  it('never shows more than 20 toasts, keeping the newest', async () => {
    render(<AppToaster />);
    act(() => {
      for (let index = 1; index <= 25; index += 1) toast.success(`Message ${index}`);
    });
    const shown = await screen.findAllByText(/^Message \d+$/);
    expect(shown).toHaveLength(20);
    expect(screen.getByText('Message 25')).toBeTruthy();
    expect(screen.queryByText('Message 5')).toBeNull();
  });

  it('keeps successes 2 s and errors 4 s, errors announced as alerts, 350 px wide', () => {
    vi.useFakeTimers();
    try {
      render(
        <>
          <AppToaster />
          <VisibleToasts />
        </>,
      );
      act(() => {
        notify.success('Réussi');
        notify.error('Raté');
      });
      const visible = () => screen.getByTestId('visible').textContent;
      expect(visible()).toBe('Réussi|Raté');
      expect(screen.getByText('Raté', { selector: '[role="alert"]' })).toBeTruthy();
      expect(screen.getByText('Réussi', { selector: '[role="status"]' })).toBeTruthy();
      const bar = screen.getByText('Réussi').parentElement as HTMLElement;
      expect(bar.style.maxWidth).toBe('350px');

      act(() => vi.advanceTimersByTime(1900));
      expect(visible()).toBe('Réussi|Raté');
      act(() => vi.advanceTimersByTime(200));
      expect(visible()).toBe('Raté');
      act(() => vi.advanceTimersByTime(1800));
      expect(visible()).toBe('Raté');
      act(() => vi.advanceTimersByTime(200));
      expect(visible()).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});
