// The enrolment's otpauth:// address drawn as a QR code (SVG squares from qrcode-generator's matrix),
// for an authenticator app's camera; the address is also shown as text beside it.
import { useMemo } from 'react';
import qrcode from 'qrcode-generator';

export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, cells } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const n = qr.getModuleCount();
    const dark: string[] = [];
    for (let row = 0; row < n; row += 1)
      for (let col = 0; col < n; col += 1) if (qr.isDark(row, col)) dark.push(`M${col + 4} ${row + 4}h1v1h-1z`);
    return { size: n + 8, cells: dark.join('') };
  }, [text]);
  return (
    // A QR code reads left to right whatever the page's direction.
    <svg className="console-qr" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} direction="ltr" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={cells} fill="#000" />
    </svg>
  );
}
