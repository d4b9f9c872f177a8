/** The Falcon mark and name; a link around it names the target. */
export function Logo({ label, size = 28 }: { label: string; size?: number }) {
  return (
    <span
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontWeight: 600, fontSize: size * 0.65 }}
    >
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="#0f5f74" />
        <path d="M8 22 16 8l8 14h-5l-3-5-3 5z" fill="#fff" />
      </svg>
      <span>{label}</span>
    </span>
  );
}
