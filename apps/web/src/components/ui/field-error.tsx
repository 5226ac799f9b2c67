/** A field's error under it; give the field `aria-describedby={id}` while it shows. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-800">
      {message}
    </p>
  ) : null;
}
