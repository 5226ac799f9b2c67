/**
 * The space the desk's and the diary's move panels take while a panel's form (loaded when it
 * opens) arrives. Why the server refused a move is a ProblemLine (components/ui/problem.tsx).
 */
export function PanelPlaceholder({ label, className }: { label: string; className: string }) {
  return <div role="status" aria-label={label} className={`min-h-24 rounded-xl ${className}`} />;
}
