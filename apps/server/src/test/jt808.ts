import { Jt808Error } from '../telematics/jt808/errors';

/** Bytes from hex text; spaces and line breaks are left out. */
export const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

/** The reason of the Jt808Error the call throws, or 'no error'; any other error is thrown on. */
export const reasonOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof Jt808Error) return error.reason;
    throw error;
  }
  return 'no error';
};
