import type { MouseEvent, ReactNode } from 'react';

/**
 * An action the spec presents as a link ('Resend', 'Resend email confirmation'): an anchor,
 * so it reads and looks like the link the spec describes, that runs `onAction` instead of
 * navigating. Ignores clicks while `busy`.
 */
export function ActionLink({ onAction, busy, children }: { onAction: () => void; busy?: boolean; children: ReactNode }) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (!busy) onAction();
  }
  return (
    <a href="#" onClick={onClick} aria-disabled={busy || undefined}>
      {children}
    </a>
  );
}
