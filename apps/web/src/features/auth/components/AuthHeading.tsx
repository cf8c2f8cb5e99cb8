import type { ReactNode } from 'react';

/** The page's one h1 inside the auth card. */
export function AuthHeading({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <div className="auth-heading">
      <h1>{children}</h1>
      {sub ? <p>{sub}</p> : null}
    </div>
  );
}
