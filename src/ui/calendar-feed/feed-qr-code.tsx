import { create } from 'qrcode';
import { useMemo } from 'react';

/**
 * The feed's address as a QR code, for the phone's camera: the modules of `qrcode`'s matrix drawn as one SVG path
 * (no markup from the library reaches the page).
 */
export function FeedQrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row += 1)
      for (let col = 0; col < modules.size; col += 1) if (modules.get(row, col)) d += `M${col + 2} ${row + 2}h1v1h-1z`;
    return { size: modules.size + 4, path: d };
  }, [value]);
  return (
    <svg className="feed-qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
