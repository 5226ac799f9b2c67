import { createContext, useContext } from 'react';
import type { ServicePhase } from './use-service-alert.ts';

export interface ServiceState {
  /** Whether this person runs the desk (orders:run): only then is there anything to ring for. */
  runsOrders: boolean;
  /** How many orders wait for an answer in the person's stores. */
  waiting: number;
  phase: ServicePhase;
  start: () => Promise<void>;
  stop: () => void;
}

export const ServiceContext = createContext<ServiceState | null>(null);

/** The staff application's service state (service-alert-provider.tsx). */
export function useService(): ServiceState {
  const state = useContext(ServiceContext);
  if (!state) throw new Error('useService needs the ServiceAlertProvider of the staff app');
  return state;
}
