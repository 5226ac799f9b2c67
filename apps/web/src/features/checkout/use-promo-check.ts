import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { CartLine } from '@servery/contract/cart';
import { refusedWith } from '@servery/contract/error-codes';
import type { PromoCheck } from '@servery/contract/promo';
import { serverRefusal } from '../../lib/server-error.ts';
import { useCheckPromoQuery } from './api.ts';

/** What the checkout knows of the code the customer applied. */
export type PromoCheckState =
  | { status: 'none' }
  | { status: 'checking'; code: string }
  /** The server took it: its terms, and what it takes off the basket it saw. */
  | { status: 'valid'; code: string; promo: PromoCheck }
  /** The server refused it, in the words placing the order would use. */
  | { status: 'refused'; code: string; message: string }
  /** No answer about the code (offline, too many checks, the server failed): the order decides. */
  | { status: 'unchecked'; code: string; message: string | null };

interface CheckResult {
  currentData?: PromoCheck;
  data?: PromoCheck;
  error?: unknown;
  isFetching: boolean;
}

/** The state of an applied code from the check's result (pure, for tests). */
export function promoCheckState(code: string | null, result: CheckResult): PromoCheckState {
  if (!code) return { status: 'none' };
  if (result.currentData) return { status: 'valid', code, promo: result.currentData };
  if (result.isFetching) {
    // The basket changed: the code's terms stand while it is checked again (the minimum is
    // worked out in the browser meanwhile, checkout-quote.ts).
    return result.data?.code === code
      ? { status: 'valid', code, promo: result.data }
      : { status: 'checking', code };
  }
  if (!result.error) return { status: 'checking', code };
  const refusal = serverRefusal(result.error);
  if (!refusal) return { status: 'unchecked', code, message: null };
  // A rule of the code (422) or a code the schema refuses (400) names the promo_code field.
  const said = refusal.errors.promo_code;
  if (said && (refusedWith(result.error, 'rule') || refusedWith(result.error, 'invalid')))
    return { status: 'refused', code, message: said };
  return { status: 'unchecked', code, message: refusal.status < 500 ? refusal.message : null };
}

/**
 * Asks the server whether the applied code works for this basket (POST /api/promos/check), and
 * again whenever the store or the lines change, so every rule the order applies to the code is
 * known before the customer pays.
 */
export function usePromoCheck(code: string | null, storeId: string, lines: readonly CartLine[]) {
  const body = useMemo(
    () =>
      code
        ? {
            promo_code: code,
            store_id: storeId,
            lines: lines.map((line) => ({
              item_id: line.item_id,
              quantity: line.quantity,
              modifiers: line.modifiers,
            })),
          }
        : skipToken,
    [code, storeId, lines],
  );
  const result = useCheckPromoQuery(body, { refetchOnMountOrArgChange: true });
  return { state: promoCheckState(code, result), recheck: () => void result.refetch() };
}
