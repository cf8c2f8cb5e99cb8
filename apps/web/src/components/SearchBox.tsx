import { useEffect, useRef, useState } from 'react';
import { Input } from 'antd';
import { LIMITS } from '@fbo/shared/domain/limits';
import { useDebouncedValue } from '../hooks/useDebouncedValue';

interface Props {
  id: string;
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
}

/** A search input that reports its trimmed text 500 ms after typing stops. */
export function SearchBox({ id, value, onSearch, placeholder }: Props) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, LIMITS.searchDebounceMs).trim();
  // What the list currently searches for, and the latest callback (parents pass a new one each render).
  const reported = useRef(value);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  // The address changed on its own (back button, a reset): show what it holds.
  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(value);
    }
  }, [value]);

  // Only a change of the debounced text reports: a stale debounced value must never undo
  // an address change that arrived meanwhile.
  useEffect(() => {
    if (debounced !== reported.current) {
      reported.current = debounced;
      onSearchRef.current(debounced);
    }
  }, [debounced]);

  return (
    <Input
      id={id}
      type="search"
      allowClear
      value={text}
      placeholder={placeholder}
      onChange={(event) => setText(event.target.value)}
      style={{ width: 240 }}
    />
  );
}
