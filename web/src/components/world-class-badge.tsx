/** The badge of a pro Snip has vetted as World-Class (shared/tiers.ts), wherever their name shows. */
export function WorldClassBadge() {
  return (
    <span className="badge badge-world-class" title="Vetted by Snip as World-Class" data-testid="world-class-badge">
      World-Class
    </span>
  );
}
