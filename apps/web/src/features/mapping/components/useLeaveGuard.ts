import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';

export const LEAVE_TITLE = 'Leave without saving?';

/**
 * While `dirty`, leaving the page is asked first: another page of the app through the router (the address's
 * own query, such as the catalog shown, may change freely), and a reload or closing the tab through the
 * browser's own question.
 */
export function useLeaveGuard(dirty: boolean) {
  const { modal } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: LEAVE_TITLE,
      content: 'Your mapping changes are not saved yet.',
      okText: 'Leave',
      cancelText: 'Stay',
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
