import { AppError } from '../../../lib/app-error.ts';

/** A broken business rule, naming the field or line (architecture.md: 422). */
export const rule = (field: string, message: string) =>
  new AppError(422, 'rule', message, { [field]: message });
