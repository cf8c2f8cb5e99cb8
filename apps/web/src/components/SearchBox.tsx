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
  const reported = useRef(value);

  // The address changed on its own (back button, reset): show what it holds.
  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (debounced !== reported.current) {
      reported.current = debounced;
      onSearch(debounced);
    }
  }, [debounced, onSearch]);

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
