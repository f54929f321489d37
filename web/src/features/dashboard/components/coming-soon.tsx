export function ComingSoonBadge() {
  return <span className="badge badge-soon">Coming Soon</span>;
}
