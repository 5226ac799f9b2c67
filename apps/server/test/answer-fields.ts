import { z } from 'zod';

/**
 * The fields of `value` its schema does not name, as paths ("data.lines[0].allergens"). An
 * answer's schemas are loose, so a field the server sends and the schema forgot passes the
 * serializer, and the web's type (read from the schema) does not know it: issue 32's drift.
 */
export function unnamedFields(schema: z.ZodType, value: unknown, path = ''): string[] {
  if (value === null || value === undefined) return [];
  if (schema instanceof z.ZodObject) {
    if (typeof value !== 'object') return [];
    const shape = schema.shape as Record<string, z.ZodType>;
    return Object.entries(value).flatMap(([key, field]) =>
      key in shape ? unnamedFields(shape[key]!, field, `${path}.${key}`) : [`${path}.${key}`],
    );
  }
  if (schema instanceof z.ZodArray) {
    if (!Array.isArray(value)) return [];
    return value.flatMap((item, index) =>
      unnamedFields(schema.element as z.ZodType, item, `${path}[${index}]`),
    );
  }
  if (
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodDefault
  ) {
    return unnamedFields(schema.unwrap() as z.ZodType, value, path);
  }
  if (schema instanceof z.ZodUnion) {
    const options = schema.options as z.ZodType[];
    const fits = options.find((option) => option.safeParse(value).success);
    return fits ? unnamedFields(fits, value, path) : [];
  }
  if (schema instanceof z.ZodRecord) {
    if (typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, field]) =>
      unnamedFields(schema.valueType as z.ZodType, field, `${path}.${key}`),
    );
  }
  return [];
}
