import { createContext } from 'react';
import type { LiveStream } from './live-stream.ts';

/** The staff application's one live stream (live-events-provider.tsx gives it). */
export const LiveStreamContext = createContext<LiveStream | null>(null);
