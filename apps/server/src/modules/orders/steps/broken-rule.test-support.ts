/** The 422 a step answers for a broken rule: its status, message and the field it names. */
export function broken(run: () => unknown) {
  try {
    run();
  } catch (error) {
    const e = error as { status: number; message: string; errors: Record<string, string> };
    return { status: e.status, message: e.message, fields: Object.keys(e.errors ?? {}) };
  }
  throw new Error('no rule was broken');
}
