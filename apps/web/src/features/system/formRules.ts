import type { FormRule } from 'antd';

/** An antd form rule from a check that returns the message of what is wrong, or null. */
export function checkRule(check: (value: string | undefined) => string | null): FormRule {
  return {
    validator: (_, value: string | undefined) => {
      const error = check(value);
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };
}
