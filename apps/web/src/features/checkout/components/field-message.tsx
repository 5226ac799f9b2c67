/** A field's error under it (the server's words or the form's); pair with aria-describedby. */
export function FieldProblem({ id, message }: { id: string; message?: string | null }) {
  return message ? (
    <p id={id} className="mt-2 text-sm font-medium text-red-800">
      {message}
    </p>
  ) : null;
}

/** Joins the ids of the texts that describe a field, leaving out those not shown. */
export const describedBy = (...ids: (string | false | null | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;
