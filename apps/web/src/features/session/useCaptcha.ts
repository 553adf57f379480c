import { useCallback, useRef, useState } from 'react';
import { randomId } from '../../api/crypto';
import { isShowVerifyCode, verifyCodeImageUrl } from '../../api/session';

export interface Captcha {
  /** Set while the server asks this user for a verification code. */
  verifyCodeId: string | undefined;
  imageUrl: string | undefined;
  /** Asks the server whether `userName` must type a code; shows a fresh image when it must. */
  check: (userName: string) => Promise<void>;
  /** A new image (and id), e.g. when the user clicks the picture. */
  refresh: () => void;
}

export function useCaptcha(): Captcha {
  const [verifyCodeId, setVerifyCodeId] = useState<string>();
  const latest = useRef(0);

  const check = useCallback(async (userName: string) => {
    const ticket = ++latest.current;
    if (!userName) {
      setVerifyCodeId(undefined);
      return;
    }
    let show: boolean;
    try {
      show = await isShowVerifyCode(userName);
    } catch {
      return;
    }
    if (ticket === latest.current) setVerifyCodeId(show ? randomId() : undefined);
  }, []);

  const refresh = useCallback(() => {
    setVerifyCodeId((current) => (current ? randomId() : current));
  }, []);

  return {
    verifyCodeId,
    imageUrl: verifyCodeId ? verifyCodeImageUrl(verifyCodeId) : undefined,
    check,
    refresh,
  };
}
