import { useEffect, useRef } from 'react';

/**
 * product.md §5: device SMS auto-fill where the browser has it (the WebOTP API: Chrome on Android
 * reads the code from an SMS ending in `@host #code`). Given the whole code, `onCode` runs once.
 */
export function useWebOtp(enabled: boolean, length: number, onCode: (code: string) => void) {
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  });
  useEffect(() => {
    if (!enabled || !('OTPCredential' in window) || !navigator.credentials) return;
    const abort = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ['sms'] }, signal: abort.signal } as CredentialRequestOptions)
      .then((credential) => {
        const code = ((credential as { code?: string } | null)?.code ?? '').replace(/\D/g, '');
        if (code.length === length) latest.current(code);
      })
      .catch(() => {
        // Aborted on leaving the screen, or no SMS came: the customer types the code.
      });
    return () => abort.abort();
  }, [enabled, length]);
}
