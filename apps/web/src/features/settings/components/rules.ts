import type { FormRule } from 'antd';

/** A form rule from one of the shared checks, so the page refuses exactly what the server would. */
export function passes(test: (value: string) => boolean, message: string): FormRule {
  return {
    validator: async (_, value?: string | null) => {
      if (!test((value ?? '').trim())) throw new Error(message);
    },
  };
}
