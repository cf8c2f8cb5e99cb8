import type { ReactNode } from 'react';
import './filter-bar.css';

/** The row of labelled filters above a list. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <div className="filter-bar" role="search">
      {children}
    </div>
  );
}

/** One filter with its visible label (every input needs one). */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
