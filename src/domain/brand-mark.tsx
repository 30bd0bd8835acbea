// Noor's mark: an eight-pointed star of light (two turned squares) on a burgundy tile, drawn inline
// so the header needs no image request. Decorative: the brand name beside it is the accessible text.
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false" className="brand-mark">
      <rect width="32" height="32" rx="9" className="brand-mark-tile" />
      <g className="brand-mark-star">
        <rect x="9" y="9" width="14" height="14" rx="1.5" />
        <rect x="9" y="9" width="14" height="14" rx="1.5" transform="rotate(45 16 16)" />
      </g>
      <circle cx="16" cy="16" r="3.2" className="brand-mark-tile" />
    </svg>
  );
}
