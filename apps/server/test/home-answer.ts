import { ZHomeContent, type HomeContent } from '@servery/contract/home';
import { httpCall } from './server-process.ts';

/**
 * GET /api/home from the server listening at `url`, as a browser asks it (through the front
 * door, which may replay a kept answer), checked against the contract with no key beyond it.
 */
export async function homeOver(url: string, host: string): Promise<HomeContent> {
  const answer = await httpCall(url, 'GET', '/api/home', { host });
  if (answer.status !== 200) throw new Error(`GET /api/home: ${answer.status} ${answer.body}`);
  return ZHomeContent.strict().parse(JSON.parse(answer.body).data);
}
