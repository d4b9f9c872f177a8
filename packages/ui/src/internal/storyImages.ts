/** Inline SVG pictures for stories: no network, deterministic. */
export function svgImage(label: string, hue: number, width = 800, height = 500): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},45%,82%)"/><g fill="none" stroke="hsl(${hue},35%,45%)" stroke-width="6"><rect x="40" y="40" width="${width - 80}" height="${height - 80}"/><path d="M40 ${height / 2}H${width - 40}M${width / 2} 40V${height - 40}"/></g><text x="50%" y="50%" font-family="sans-serif" font-size="36" text-anchor="middle" fill="hsl(${hue},40%,25%)">${label}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
