// The home hero's illustration: a live lesson on a tablet, a teacher and a child with a star of
// light between them. Inline SVG coloured from the theme tokens (through classes), so it follows
// dark mode; decorative, hence hidden from assistive technology. Nothing in it implies a direction.
export function HeroArt() {
  return (
    <svg viewBox="0 0 360 280" className="hero-art" aria-hidden="true" focusable="false">
      <circle cx="180" cy="140" r="128" className="art-halo" />
      <rect x="52" y="44" width="256" height="184" rx="22" className="art-device" />
      <rect x="66" y="58" width="228" height="148" rx="12" className="art-screen" />
      {/* teacher, in the first tile */}
      <rect x="76" y="68" width="100" height="128" rx="10" className="art-tile" />
      <circle cx="126" cy="112" r="20" className="art-face" />
      <path d="M104 108c0-16 10-26 22-26s22 10 22 26c-6-8-14-11-22-11s-16 3-22 11z" className="art-scarf" />
      <path d="M94 186c2-22 14-36 32-36s30 14 32 36z" className="art-robe" />
      {/* child, in the second tile */}
      <rect x="184" y="68" width="100" height="128" rx="10" className="art-tile" />
      <circle cx="234" cy="120" r="17" className="art-face" />
      <path d="M217 116c0-12 8-20 17-20s17 8 17 20c-5-5-11-7-17-7s-12 2-17 7z" className="art-hair" />
      <path d="M206 186c2-19 12-30 28-30s26 11 28 30z" className="art-shirt" />
      {/* the star of light */}
      <g className="art-star" transform="translate(180 40)">
        <rect x="-16" y="-16" width="32" height="32" rx="3" />
        <rect x="-16" y="-16" width="32" height="32" rx="3" transform="rotate(45)" />
      </g>
      <circle cx="180" cy="216" r="5" className="art-dot" />
      <circle cx="318" cy="70" r="9" className="art-spark" />
      <circle cx="40" cy="200" r="6" className="art-spark" />
    </svg>
  );
}
