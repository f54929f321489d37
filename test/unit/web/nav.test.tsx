// @vitest-environment happy-dom
/** The navigation's Logout (sidebar and bottom bar): signing out needs Amplify, loaded at a sign of intent. */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const preloadAmplify = vi.hoisted(() => vi.fn());
vi.mock('../../../web/src/lib/amplify-ready', () => ({ preloadAmplify }));

import { BottomBar, Sidebar } from '../../../web/src/app/layout/nav';
import { navItems } from '../../../web/src/app/layout/nav-items';
import { renderUi } from './render';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('Logout', () => {
  it('starts loading Amplify when a pointer comes over it or it takes the focus, and logs out on a click', () => {
    const onLogout = vi.fn();
    renderUi(
      <>
        <Sidebar items={navItems('musician')} collapsed={false} onToggle={() => {}} onLogout={onLogout} />
        <BottomBar items={navItems('musician')} onLogout={onLogout} />
      </>,
    );
    const [side, bottom] = screen.getAllByRole('button', { name: 'Logout' });
    expect(preloadAmplify).not.toHaveBeenCalled();
    fireEvent.pointerEnter(side);
    expect(preloadAmplify).toHaveBeenCalledTimes(1);
    fireEvent.focus(bottom);
    fireEvent.pointerDown(bottom);
    expect(preloadAmplify).toHaveBeenCalledTimes(3);
    fireEvent.click(within(screen.getByTestId('bottom-bar')).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
