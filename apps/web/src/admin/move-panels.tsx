/**
 * What the desk's and the diary's move panels share: the space a panel takes while its form
 * (loaded when it opens) arrives, and the line that says why the server refused a move.
 */
export function PanelPlaceholder({ label, className }: { label: string; className: string }) {
  return <div role="status" aria-label={label} className={`min-h-24 rounded-xl ${className}`} />;
}

export function MoveProblem({ text }: { text: string }) {
  return text ? (
    <p role="alert" className="text-red-700">
      {text}
    </p>
  ) : null;
}
