import type { ReactNode } from 'react';
import { Result, type ResultProps } from 'antd';
import './page-result.css';

/**
 * antd Result whose title is the page's h1: status pages need a heading for screen readers,
 * and antd renders the title as a plain div.
 */
export function PageResult({ title, ...props }: Omit<ResultProps, 'title'> & { title: ReactNode }) {
  return <Result {...props} title={<h1 className="page-result-title">{title}</h1>} />;
}
