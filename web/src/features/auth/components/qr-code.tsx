import { encode } from 'uqr';

/** A QR code drawn as one SVG path: dark modules on white, with the quiet zone scanners need. */
export default function QrCode({ value, label }: { value: string; label: string }) {
  const { data } = encode(value, { ecc: 'L', border: 4 });
  const size = data.length;
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-qr-value={value}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
